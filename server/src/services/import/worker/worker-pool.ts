import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerTask } from './worker-protocol';

/**
 * Runs parse-worker.ts tasks on worker threads, at most a few at a time: a parse takes a whole core for
 * seconds, and the request thread needs one to keep answering. Further tasks wait their turn.
 *
 * Workers are kept between tasks: starting one (tsx, the zod contracts, the export writer) costs about a second,
 * more than parsing a small file. One that has been idle for a minute is stopped, and so is one that
 * fails; the next task starts a new one.
 *
 * The server runs TypeScript through tsx, which a worker does not inherit for its entry file; the
 * worker starts from a one-line bootstrap that registers tsx and then imports the real entry.
 */
const MAX_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** A task that runs longer is stuck (100,000 rows take seconds); its worker is stopped and the task fails. */
const TASK_TIMEOUT_MS = 5 * 60_000;
/** Idle workers hold the heap of their last parse (hundreds of MB after 100,000 rows); not for long. */
const IDLE_MS = 60_000;
/** A worker holds a whole sheet's XML (import) or workbook (export); beyond this it dies instead of the server. */
const WORKER_HEAP_MB = 1536;

/** tsx's ESM API (`tsx/esm/api`, import condition), resolved through its package.json exports. */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = require(manifestPath) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifestPath), manifest.exports['./esm/api']!.import.default)).href;
}

const BOOTSTRAP = `import(${JSON.stringify(tsxEsmApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./parse-worker.ts', import.meta.url).href)}); })`;

export class WorkerCrashed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerCrashed';
  }
}

interface Pooled {
  worker: Worker;
  idleTimer: NodeJS.Timeout | null;
}

const idle: Pooled[] = [];
let started = 0;
const waiting: ((pooled: Pooled) => void)[] = [];

function spawn(): Pooled {
  started += 1;
  const worker = new Worker(BOOTSTRAP, { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  // An idle worker must not keep the process alive (tests, scripts); a busy one is awaited anyway.
  worker.unref();
  return { worker, idleTimer: null };
}

function discard(pooled: Pooled): void {
  if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
  const index = idle.indexOf(pooled);
  if (index >= 0) idle.splice(index, 1);
  started -= 1;
  void pooled.worker.terminate();
  // Someone waiting gets a fresh worker in its place.
  const next = waiting.shift();
  if (next) next(spawn());
}

async function acquire(): Promise<Pooled> {
  const ready = idle.pop();
  if (ready) {
    if (ready.idleTimer) clearTimeout(ready.idleTimer);
    ready.idleTimer = null;
    return ready;
  }
  if (started < MAX_WORKERS) return spawn();
  return new Promise((resolve) => waiting.push(resolve));
}

function release(pooled: Pooled): void {
  const next = waiting.shift();
  if (next) {
    next(pooled);
    return;
  }
  pooled.idleTimer = setTimeout(() => discard(pooled), IDLE_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

/**
 * Runs one task; `onReply` sees every reply in order, `onStart` is called when a worker takes the task
 * (it may wait for one). Resolves after the task's last reply; rejects if the worker crashed, ran out
 * of memory or timed out.
 */
export async function runWorkerTask(task: WorkerTask, onReply: (reply: WorkerReply) => void, onStart?: () => void): Promise<void> {
  const pooled = await acquire();
  onStart?.();
  const { worker } = pooled;
  // A copy of its own to transfer: Buffers can share a pooled ArrayBuffer, and transferring one would
  // detach it under everybody else. The caller keeps its bytes (a preview is followed by the import).
  const owned = 'bytes' in task ? { ...task, bytes: new Uint8Array(task.bytes) } : task;
  const transfer = 'bytes' in owned ? [owned.bytes.buffer as ArrayBuffer] : [];
  worker.ref();
  try {
    await new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: WorkerReply) => {
        if (reply.kind === 'end') {
          cleanup();
          resolve();
        } else onReply(reply);
      };
      const onError = (error: Error) => {
        cleanup();
        reject(new WorkerCrashed(error.message));
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new WorkerCrashed(`worker exited with ${code}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new WorkerCrashed('worker timed out'));
      }, TASK_TIMEOUT_MS);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(owned, transfer);
    });
  } catch (error) {
    discard(pooled);
    throw error;
  }
  worker.unref();
  release(pooled);
}

/** Stops every idle worker (app shutdown); busy ones stop when their task ends or the process exits. */
export async function stopIdleWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map((pooled) => {
    if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
    started -= 1;
    return pooled.worker.terminate();
  }));
}
