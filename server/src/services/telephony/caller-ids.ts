import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { MyCallerIds } from '../../../../src/api/contracts/caller-id.contract';
import type { Database } from '../../db/client';
import { callerIdChoices, callerIds, users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import type { DialOptions } from '../../telephony/driver';

/**
 * Which caller id an outbound call carries (docs/telephony.md "Caller ID"). A user may dial out with the
 * company's caller ids that list them in `user_ids`; their calls carry the one they chose in the dial pad
 * while it is still theirs, else the lowest id, else none (the extension's default). The rule is the
 * same for every way of dialling (dial pad, click-to-call, the pop-ups' dial forms), because it is read
 * on the server at each dial.
 */

const allowed = (userId: number | ReturnType<typeof sql>) => sql`${callerIds.user_ids} @> jsonb_build_array(${userId}::integer)`;

/** The caller ids `userId` may use, lowest id first, and the one their calls carry now. */
export async function callerIdsOfUser(db: Database, companyId: number, userId: number): Promise<MyCallerIds> {
  const rows = await db
    .select({ id: callerIds.id, number: callerIds.number!, name: callerIds.name!, chosen: callerIdChoices.callerIdId })
    .from(callerIds)
    .leftJoin(callerIdChoices, eq(callerIdChoices.userId, userId))
    .where(and(eq(callerIds.companyId, companyId), allowed(userId)))
    .orderBy(asc(callerIds.id));
  const data = rows.map((row) => ({ id: row.id as number, number: String(row.number), name: String(row.name) }));
  const chosen = rows[0]?.chosen ?? null;
  const selected = data.find((c) => c.id === chosen)?.id ?? data[0]?.id ?? null;
  return { data, selected };
}

/** Remembers the user's choice (`null` forgets it: back to the lowest id); another caller id is a 422. */
export async function chooseCallerId(db: Database, companyId: number, userId: number, id: number | null): Promise<MyCallerIds> {
  if (id === null) {
    await db.delete(callerIdChoices).where(eq(callerIdChoices.userId, userId));
    return callerIdsOfUser(db, companyId, userId);
  }
  const mine = await callerIdsOfUser(db, companyId, userId);
  if (!mine.data.some((c) => c.id === id)) throw fieldError('id', 'validation.caller_id_not_yours');
  await db
    .insert(callerIdChoices)
    .values({ userId, companyId, callerIdId: id })
    .onConflictDoUpdate({ target: callerIdChoices.userId, set: { callerIdId: id, updatedAt: new Date() } });
  return { ...mine, selected: id };
}

/** The caller id number the calls of `extension` carry (its live user's), null for the extension's default. One query. */
export async function callerIdOfExtension(db: Database, companyId: number, extension: string): Promise<string | null> {
  const [row] = await db
    .select({ number: callerIds.number! })
    .from(users)
    .innerJoin(callerIds, and(eq(callerIds.companyId, users.companyId), allowed(sql`${users.id}`)))
    .leftJoin(callerIdChoices, eq(callerIdChoices.userId, users.id))
    .where(and(eq(users.companyId, companyId), eq(users.extension, extension), isNull(users.deletedAt)))
    .orderBy(sql`${callerIds.id} = ${callerIdChoices.callerIdId} desc nulls last`, asc(callerIds.id))
    .limit(1);
  return row ? String(row.number) : null;
}

/** A dial's options: the caller id of the extension's user, if they have one. */
export async function dialOptions(db: Database, companyId: number, extension: string): Promise<DialOptions> {
  const callerId = await callerIdOfExtension(db, companyId, extension);
  return callerId ? { callerId } : {};
}
