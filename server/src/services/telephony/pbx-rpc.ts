import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { FieldValidationError, HttpError } from '../../lib/errors';
import type { MessageId } from '../../lib/i18n';
import type { RedisClient } from '../../realtime/redis-connections';
import { TELEPHONY_HTTP_STATUS, TelephonyError, isTelephonyError, type TelephonyErrorCode } from '../../telephony/errors';
import { telephonyOperationSchema, type TelephonyOperation } from './telephony-operations';

/**
 * Telephony operations forwarded over Redis to the process that owns the PBX. Every process subscribes
 * to one request channel; only the current owner answers, on the asker's own reply channel. Results and
 * errors cross as JSON: a TelephonyError keeps its code, an HttpError its status and message id, so the
 * asker answers the browser exactly as the owner would have.
 */

const errorSchema = z.union([
  z.object({ kind: z.literal('telephony'), code: z.string(), message: z.string() }),
  z.object({ kind: z.literal('http'), statusCode: z.number(), messageId: z.string(), fieldErrors: z.record(z.string(), z.array(z.string())).optional() }),
]);
const requestSchema = z.object({ id: z.string(), replyTo: z.string(), operation: telephonyOperationSchema });
const replySchema = z.object({ id: z.string(), ok: z.boolean(), value: z.unknown().optional(), error: errorSchema.optional() });

type WireError = z.infer<typeof errorSchema>;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer: ReturnType<typeof setTimeout>;
}

export interface PbxRpcOptions {
  pub: RedisClient;
  sub: RedisClient;
  prefix: string;
  processId: string;
  /** Longer than the slowest driver command (legacy-http waits up to 10 s for the old server). */
  timeoutMs: number;
  /** Whether this process answers requests now (it owns the PBX). */
  isOwner: () => boolean;
  execute: (operation: TelephonyOperation) => Promise<unknown>;
  onError: (error: unknown) => void;
}

export class PbxRpc {
  private readonly pending = new Map<string, Pending>();
  private readonly requestChannel: string;
  private readonly replyChannel: string;

  constructor(private readonly options: PbxRpcOptions) {
    this.requestChannel = `${options.prefix}:pbx:rpc`;
    this.replyChannel = `${options.prefix}:pbx:reply:${options.processId}`;
  }

  async start(): Promise<void> {
    await this.options.sub.subscribe(this.requestChannel, (message) => void this.onRequest(message));
    await this.options.sub.subscribe(this.replyChannel, (message) => this.onReply(message));
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.options.sub.unsubscribe(this.requestChannel), this.options.sub.unsubscribe(this.replyChannel)]);
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new TelephonyError('pbx_unavailable', 'shutting down'));
      this.pending.delete(id);
    }
  }

  call(operation: TelephonyOperation): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new TelephonyError('pbx_timeout', 'no process owning the PBX answered'));
      }, this.options.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      const message = JSON.stringify({ id, replyTo: this.options.processId, operation });
      this.options.pub.publish(this.requestChannel, message).catch((error: unknown) => {
        clearTimeout(timer);
        this.pending.delete(id);
        this.options.onError(error);
        reject(new TelephonyError('pbx_unavailable', 'Redis is unreachable'));
      });
    });
  }

  private async onRequest(message: string): Promise<void> {
    if (!this.options.isOwner()) return;
    const parsed = requestSchema.safeParse(parseJson(message));
    if (!parsed.success) return;
    const { id, replyTo, operation } = parsed.data;
    let reply: z.infer<typeof replySchema>;
    try {
      reply = { id, ok: true, value: (await this.options.execute(operation)) ?? null };
    } catch (error) {
      if (!isTelephonyError(error) && !(error instanceof HttpError)) this.options.onError(error);
      reply = { id, ok: false, error: toWire(error) };
    }
    await this.options.pub.publish(`${this.options.prefix}:pbx:reply:${replyTo}`, JSON.stringify(reply)).catch(this.options.onError);
  }

  private onReply(message: string): void {
    const parsed = replySchema.safeParse(parseJson(message));
    if (!parsed.success) return;
    const { id, ok, value, error } = parsed.data;
    const pending = this.pending.get(id);
    // A second answer (two owners for a moment while the lease changes hands) is dropped.
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (ok) pending.resolve(value);
    else pending.reject(fromWire(error));
  }
}

function parseJson(message: string): unknown {
  try {
    return JSON.parse(message) as unknown;
  } catch {
    return null;
  }
}

function toWire(error: unknown): WireError {
  if (isTelephonyError(error)) return { kind: 'telephony', code: error.code, message: error.message };
  if (error instanceof FieldValidationError) {
    return { kind: 'http', statusCode: error.statusCode, messageId: error.messageId, fieldErrors: error.fieldErrors };
  }
  if (error instanceof HttpError) return { kind: 'http', statusCode: error.statusCode, messageId: error.messageId };
  // Anything else is the owner's bug; its details stay in the owner's log, not on the wire.
  return { kind: 'telephony', code: 'pbx_error', message: 'the PBX owner failed to run the command' };
}

function fromWire(error: WireError | undefined): Error {
  if (!error) return new TelephonyError('pbx_error');
  if (error.kind === 'telephony') {
    const code = (error.code in TELEPHONY_HTTP_STATUS ? error.code : 'pbx_error') as TelephonyErrorCode;
    return new TelephonyError(code, error.message);
  }
  if (error.fieldErrors) return new FieldValidationError(error.fieldErrors as Record<string, MessageId[]>);
  return new HttpError(error.statusCode, error.messageId as MessageId);
}
