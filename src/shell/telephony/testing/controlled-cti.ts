import type { CtiClient } from '../../../api/cti/cti-client';

/**
 * A CTI client for UI tests that plays the server: methods listed as `manual` wait until the test
 * answers them (`answer`), the others succeed at once with `auto` answers. `log` records every call.
 */
export type CtiMethod = keyof Pick<
  CtiClient,
  | 'load'
  | 'dndOn'
  | 'dndOff'
  | 'transfer'
  | 'unTransfer'
  | 'checkTransfer'
  | 'dial'
  | 'clickToCall'
  | 'blindTransfer'
  | 'attendedTransfer'
  | 'listen'
  | 'whisper'
  | 'hangup'
  | 'hangupWithChannel'
  | 'answer'
  | 'oneTouchRecording'
  | 'hold'
  | 'unhold'
>;

export interface PendingRequest {
  method: CtiMethod;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const DEFAULT_ANSWERS: Record<CtiMethod, unknown> = {
  load: { status: 0, exten_status: 51 },
  dndOn: { result: 'success' },
  dndOff: { result: 'success' },
  transfer: { result: 'success' },
  unTransfer: { result: 'success' },
  checkTransfer: { transfer: false, number: null },
  dial: { result: 'success', uniqueid: null },
  clickToCall: { result: 'success', uniqueid: null },
  blindTransfer: { result: 'success' },
  attendedTransfer: { result: 'success' },
  listen: { result: 'success' },
  whisper: { result: 'success' },
  hangup: { result: 'success' },
  hangupWithChannel: { result: 'success' },
  answer: { result: 'success' },
  oneTouchRecording: { recording: null },
  hold: { result: 'success' },
  unhold: { result: 'success' },
};

export class ControlledCti {
  readonly log: string[] = [];
  readonly pending: PendingRequest[] = [];
  private readonly manual: Set<CtiMethod>;
  private readonly answers: Record<CtiMethod, unknown>;
  readonly client: Pick<CtiClient, CtiMethod>;

  constructor(options: { manual?: CtiMethod[]; auto?: Partial<Record<CtiMethod, unknown>> } = {}) {
    this.manual = new Set(options.manual ?? []);
    this.answers = { ...DEFAULT_ANSWERS, ...options.auto };
    const entries = (Object.keys(DEFAULT_ANSWERS) as CtiMethod[]).map((method) => [method, (...args: unknown[]) => this.request(method, args)]);
    this.client = Object.fromEntries(entries) as Pick<CtiClient, CtiMethod>;
  }

  private request(method: CtiMethod, args: unknown[]): Promise<unknown> {
    this.log.push(args.length ? `${method}(${args.join(',')})` : method);
    if (!this.manual.has(method)) return Promise.resolve(this.answers[method]);
    return new Promise((resolve, reject) => this.pending.push({ method, args, resolve, reject }));
  }

  /** How many requests of these methods wait for an answer. */
  waiting(...methods: CtiMethod[]): number {
    return this.pending.filter((p) => methods.includes(p.method)).length;
  }

  /** Answers the oldest waiting request of one of `methods` (optionally: chosen by `pick`). */
  settle(methods: CtiMethod[], outcome: { ok: unknown } | { fail: unknown }, pick?: (p: PendingRequest) => boolean): PendingRequest {
    const next = this.pending.find((p) => methods.includes(p.method) && (!pick || pick(p)));
    if (!next) throw new Error(`nothing waits for ${methods.join('/')}; log: ${this.log.join(' ')}`);
    this.pending.splice(this.pending.indexOf(next), 1);
    if ('ok' in outcome) next.resolve(outcome.ok);
    else next.reject(outcome.fail);
    return next;
  }
}

export const CTI_OK = { ok: { result: 'success' } } as const;
export const CTI_FAIL = { fail: { status: 500, message: 'The telephony server reported an error.' } } as const;
