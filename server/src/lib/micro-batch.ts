/**
 * Gathers the requests that arrive in the same turn of the event loop into one call of `run`, per
 * group (e.g. per company). Under load, many concurrent HTTP requests each asking the database for one
 * row cost one round trip, one parse and one plan each; answered together they cost one of each per
 * batch. An idle server pays nothing for it: a lone request goes out after the current turn
 * (`setImmediate`), a fraction of a millisecond.
 *
 * At most `maxInFlight` batches run at once; what arrives meanwhile waits and goes out together when one
 * finishes, so batches grow with the load instead of the queue of connections. Equal items of a group
 * share one answer.
 */
export interface MicroBatchOptions<G, I, R> {
  /** Answers a batch: one result per distinct item, in the order given. */
  run(group: G, items: I[]): Promise<R[]>;
  maxInFlight: number;
  maxBatch: number;
}

interface Waiting<R> {
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class MicroBatch<G, I, R> {
  private readonly waiting = new Map<G, Map<I, Waiting<R>[]>>();
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly options: MicroBatchOptions<G, I, R>) {}

  load(group: G, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let items = this.waiting.get(group);
      if (!items) this.waiting.set(group, (items = new Map()));
      const callers = items.get(item);
      if (callers) callers.push({ resolve, reject });
      else items.set(item, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.size > 0) {
      const [group, items] = this.waiting.entries().next().value as [G, Map<I, Waiting<R>[]>];
      const batch = new Map<I, Waiting<R>[]>();
      for (const [item, callers] of items) {
        if (batch.size >= this.options.maxBatch) break;
        batch.set(item, callers);
        items.delete(item);
      }
      if (items.size === 0) this.waiting.delete(group);
      this.inFlight += 1;
      void this.answer(group, batch).finally(() => {
        this.inFlight -= 1;
        if (this.waiting.size > 0) this.schedule();
      });
    }
  }

  private async answer(group: G, batch: Map<I, Waiting<R>[]>): Promise<void> {
    const items = [...batch.keys()];
    try {
      const results = await this.options.run(group, items);
      items.forEach((item, index) => {
        for (const caller of batch.get(item)!) caller.resolve(results[index]!);
      });
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    }
  }
}
