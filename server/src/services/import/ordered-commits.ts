import type { PendingCopy } from '../../db/copy-in';

const NO_ERROR = null;
type Outcome = unknown;

/**
 * Writes chunks as they arrive, up to `inFlight` at a time, and commits them strictly in arrival order:
 * a chunk copied beside the one before it waits for that one's commit before its own. So whatever the
 * overlap, a database error leaves exactly the chunks before the failing one committed, and none after.
 * `start` copies a chunk into an open transaction (null: nothing to insert); `committed` is told of
 * each chunk once it is in, in order; `stopped` of the first error, at once (later chunks are dropped).
 */
export function orderedCommits<Chunk>(handlers: {
  inFlight: number;
  start: (chunk: Chunk) => Promise<PendingCopy | null>;
  committed: (chunk: Chunk) => void;
  stopped: (error: unknown) => void;
}) {
  const { inFlight, start, committed, stopped } = handlers;
  // One per chunk: settles with the first error of this chunk or any before it (never rejects, so a
  // failure nobody awaits yet is not an unhandled rejection).
  const outcomes: Promise<Outcome>[] = [];
  let failed = false;

  const write = async (chunk: Chunk, slotFree: Promise<Outcome>, previous: Promise<Outcome>): Promise<Outcome> => {
    // A connection of ours is free once the chunk `inFlight` places back has finished.
    await slotFree;
    if (failed) return previous;
    try {
      const pending = await start(chunk);
      const before = await previous;
      if (before !== NO_ERROR) {
        // Its error is the one to report; the connection is let go even if rolling back fails.
        await pending?.rollback().catch(() => {});
        return before;
      }
      await pending?.commit();
      committed(chunk);
      return NO_ERROR;
    } catch (error) {
      failed = true;
      // Reported once the chunks before it are settled, so the status never says "failed" with a
      // count that still grows; an earlier chunk's error, if any, is the one reported.
      const before = await previous;
      if (before !== NO_ERROR) return before;
      stopped(error);
      return error;
    }
  };

  return {
    add(chunk: Chunk): void {
      const settled = Promise.resolve<Outcome>(NO_ERROR);
      const previous = outcomes[outcomes.length - 1] ?? settled;
      const slotFree = outcomes[outcomes.length - inFlight] ?? settled;
      outcomes.push(write(chunk, slotFree, previous));
    },
    /** Resolves once every chunk added so far is committed, or dropped after an error. */
    async finished(): Promise<void> {
      await outcomes[outcomes.length - 1];
    },
  };
}
