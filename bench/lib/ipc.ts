import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A tiny request/answer protocol over Node's IPC channel, so the bench harness can ask its children
 * (the server under test, the load generator) for measurements taken inside their own process.
 */

interface Request {
  id: number;
  cmd: string;
  arg?: unknown;
}

interface Answer {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export type Handlers = Record<string, (arg: unknown) => unknown>;

/** In a child: answer the parent's requests with `handlers`; exits when the parent goes away. */
export function serveIpc(handlers: Handlers): void {
  if (!process.send) throw new Error('serveIpc needs an IPC channel (spawn with stdio "ipc")');
  process.on('message', (message: Request) => {
    const handler = handlers[message.cmd];
    const reply = (answer: Answer) => process.send?.(answer);
    if (!handler) {
      reply({ id: message.id, ok: false, error: `unknown command ${message.cmd}` });
      return;
    }
    Promise.resolve()
      .then(() => handler(message.arg))
      .then(
        (result) => reply({ id: message.id, ok: true, result }),
        (error: unknown) => reply({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
  });
  // An orphaned child (harness killed) must not keep sockets or servers open.
  process.on('disconnect', () => process.exit(0));
}

export interface ChildHandle {
  pid: number;
  request<T>(cmd: string, arg?: unknown, timeoutMs?: number): Promise<T>;
  logs(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; by this child's PID only. */
  stop(graceMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/** Starts `node [nodeArgs] --import tsx <entry>` with an IPC channel and resolves once it says `ready`. */
export async function startChild(
  entry: string,
  options: { env?: NodeJS.ProcessEnv; nodeArgs?: string[]; readyTimeoutMs?: number; name: string },
): Promise<ChildHandle & { ready: unknown }> {
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', entry], {
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  if (child.pid === undefined) throw new Error(`${options.name}: could not start`);
  const pid = child.pid;
  let output = '';
  const append = (d: Buffer) => {
    output = (output + d.toString()).slice(-8000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  let ready: ((value: unknown) => void) | null = null;
  const readyPromise = new Promise<unknown>((resolve) => (ready = resolve));
  child.on('message', (message: Answer | { ready: true; info?: unknown }) => {
    if ('ready' in message) {
      ready?.(message.info ?? null);
      return;
    }
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    clearTimeout(waiter.timer);
    if (message.ok) waiter.resolve(message.result);
    else waiter.reject(new Error(`${options.name}: ${message.error ?? 'failed'}`));
  });
  void exited.then((code) => {
    for (const waiter of pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error(`${options.name} exited (${code}) during a request:\n${output}`));
    }
    pending.clear();
  });

  const handle: ChildHandle = {
    pid,
    exited,
    logs: () => output,
    request<T>(cmd: string, arg?: unknown, timeoutMs = 60_000): Promise<T> {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${options.name}: ${cmd} timed out after ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        child.send({ id, cmd, arg } satisfies Request);
      });
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs));
      if ((await Promise.race([exited, timer])) === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };

  const timeoutMs = options.readyTimeoutMs ?? 120_000;
  const outcome = await Promise.race([
    readyPromise.then((info) => ({ kind: 'ready' as const, info })),
    exited.then((code) => ({ kind: 'exited' as const, code })),
    new Promise<{ kind: 'timeout' }>((r) => setTimeout(() => r({ kind: 'timeout' }), timeoutMs)),
  ]);
  if (outcome.kind !== 'ready') {
    await handle.stop(2000);
    throw new Error(`${options.name} did not start (${outcome.kind === 'exited' ? `exit ${outcome.code}` : 'timeout'}):\n${output}`);
  }
  return { ...handle, ready: outcome.info };
}

/** In a child: tell the parent we are up. */
export function signalReady(info?: unknown): void {
  process.send?.({ ready: true, info });
}
