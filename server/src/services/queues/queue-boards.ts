import { asc, desc, eq, gte, lt } from 'drizzle-orm';
import { boardOf, emptyBoard, foldQueueEvent, type BoardConfig, type BoardState, type QueueStatus } from '../../../../src/api/queues/queue-board';
import type { QueueLogEvent } from '../../../../src/api/queues/queue-log';
import { bucketStart } from '../../../../src/api/queues/queue-statistics';
import type { Database } from '../../db/client';
import { CompanyScope } from '../../db/company-scope';
import { queueLog } from '../../db/schema';
import { DEFAULT_SERVICE_LEVEL_S, loadBoardConfig } from './queue-board-config';

/** How long a company's queue settings are trusted before they are read again. */
const CONFIG_TTL_MS = 5_000;
/** How old a board read from the log may be in a process that does not receive the events. */
const FOLLOWER_TTL_MS = 1_000;

interface CompanyBoard {
  state: BoardState;
  config: BoardConfig;
  configAt: number;
  /** The Seoul day the counters are of: at midnight the board starts afresh. */
  day: number;
  /** The last log row in it: a row the build already read is not folded twice. */
  lastId: number;
  builtAt: number;
}

/** A row of the log as written, with its id. */
export interface LoggedEvent {
  id: number;
  event: QueueLogEvent;
}

/** How far back an agent's last status before today is looked for. */
const STATUS_LOOKBACK_MS = 7 * 24 * 60 * 60_000;

/**
 * Every company's live queue board (docs/queues.md "The board"), in the process that receives the PBX's
 * events. A company's board is built once, by replaying today's queue log (Asia/Seoul) on first use, and
 * then follows each new event; `status` reads it without touching the database. Counters start afresh at
 * Seoul midnight (the scheduled reset) and at each recorded reset.
 */
export class QueueBoards {
  private readonly boards = new Map<number, Promise<CompanyBoard>>();
  /** Folds run one after another, and a read waits for those already asked for. */
  private folding: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    /**
     * Whether this process receives the PBX's events (with Redis, only the one holding the PBX does).
     * Another process cannot follow the events, so it reads its boards from the log again, at most once
     * a second.
     */
    private readonly live: () => boolean = () => true,
    private readonly now: () => number = Date.now,
  ) {}

  /** The board of every queue of the company, or of one. */
  async status(companyId: number, queue?: string): Promise<QueueStatus[]> {
    await this.folding;
    const board = await this.boardOf(companyId);
    return boardOf(board.state, board.config, this.now(), queue);
  }

  /** New rows of the log (already written or on their way): the queues they changed, for the push. */
  fold(companyId: number, rows: readonly LoggedEvent[]): Promise<Set<string>> {
    const folded = this.folding.then(() => this.foldNow(companyId, rows));
    this.folding = folded.catch(() => undefined);
    return folded;
  }

  private async foldNow(companyId: number, rows: readonly LoggedEvent[]): Promise<Set<string>> {
    const loaded = this.boards.get(companyId);
    // A board nobody has asked for yet is built from the log when first asked, events included.
    if (!loaded) return new Set();
    const board = await loaded;
    const changed = new Set<string>();
    for (const { id, event } of rows) {
      if (id <= board.lastId || bucketStart(event.at, 'day') !== board.day) continue;
      board.lastId = id;
      const queue = foldQueueEvent(board.state, event, (q) => thresholdOf(board.config, q));
      if (queue) changed.add(queue);
      // An agent's change shows on every queue they are a member of.
      else for (const q of board.config.queues) if (q.members.includes(event.agent)) changed.add(q.number);
    }
    return changed;
  }

  /** Queues, members or names changed: read them again on next use. */
  forgetConfig(companyId: number): void {
    const loaded = this.boards.get(companyId);
    if (loaded) void loaded.then((board) => (board.configAt = 0)).catch(() => undefined);
  }

  private async boardOf(companyId: number): Promise<CompanyBoard> {
    const today = bucketStart(this.now(), 'day');
    let loaded = this.boards.get(companyId);
    const board = loaded ? await loaded.catch(() => null) : null;
    const stale = board !== null && !this.live() && this.now() - board.builtAt > FOLLOWER_TTL_MS;
    if (!board || board.day !== today || stale) {
      loaded = this.build(companyId, today);
      this.boards.set(companyId, loaded);
      // A failed build is tried again on next use.
      loaded.catch(() => this.boards.delete(companyId));
      return loaded;
    }
    if (this.now() - board.configAt > CONFIG_TTL_MS) {
      board.config = await loadBoardConfig(new CompanyScope(this.db, companyId));
      board.configAt = this.now();
    }
    return board;
  }

  private async build(companyId: number, day: number): Promise<CompanyBoard> {
    const scope = new CompanyScope(this.db, companyId);
    const config = await loadBoardConfig(scope);
    const configAt = this.now();
    const state = emptyBoard();
    const threshold = (q: string) => thresholdOf(config, q);
    // Agents keep their state across midnight: each one's last status before it opens the day.
    const before = await scope.db
      .selectDistinctOn([queueLog.agent])
      .from(queueLog)
      .where(scope.where(queueLog, eq(queueLog.event, 'AGENTSTATUS'), lt(queueLog.at, new Date(day)), gte(queueLog.at, new Date(day - STATUS_LOOKBACK_MS))))
      .orderBy(queueLog.agent, desc(queueLog.at), desc(queueLog.id));
    const today = await scope.db
      .select()
      .from(queueLog)
      .where(scope.where(queueLog, gte(queueLog.at, new Date(day))))
      .orderBy(asc(queueLog.at), asc(queueLog.id));
    let lastId = 0;
    for (const row of [...before, ...today]) {
      foldQueueEvent(state, eventOfRow(row), threshold);
      lastId = Math.max(lastId, row.id);
    }
    return { state, config, configAt, day, lastId, builtAt: this.now() };
  }
}

const thresholdOf = (config: BoardConfig, queue: string) => config.queues.find((q) => q.number === queue)?.service_level_s ?? DEFAULT_SERVICE_LEVEL_S;

/** A stored row as the log's event. */
export const eventOfRow = (row: typeof queueLog.$inferSelect): QueueLogEvent => ({
  at: row.at.getTime(),
  event: row.event,
  uniqueid: row.uniqueid,
  queue: row.queue,
  agent: row.agent,
  data: row.data,
});
