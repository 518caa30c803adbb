import { asc, inArray, isNull, or } from 'drizzle-orm';
import type { Call } from '../../../../src/api/contracts/call.contract';
import type { CompanyScope } from '../../db/company-scope';
import { callMemberChoices, consultations, members, users } from '../../db/schema';
import { distinctPresent } from '../../lib/distinct';

/** The outside party of a call: who called in, or who was called. Internal calls have none. */
export function outsideNumberOf(call: Pick<Call, 'direction' | 'caller_number' | 'callee_number'>): string | null {
  if (call.direction === 'inbound') return call.caller_number;
  if (call.direction === 'outbound') return call.callee_number;
  return null;
}

/**
 * The member (chosen, written for, or the number's only one), the agent and the consultation of a page of calls (the call-statistics detail lists):
 * one query each, within the company, looked up rather than copied so a renamed member or agent shows
 * at once. Numbers are stored normalised on both sides, so equality finds the member.
 */
export async function withCallParties(scope: CompanyScope, records: Call[]): Promise<Call[]> {
  const numbers = distinctPresent(records.map(outsideNumberOf));
  const extensions = distinctPresent(records.map((r) => r.extension));
  const uniqueids = distinctPresent(records.map((r) => r.uniqueid));
  const [notes, choices] = uniqueids.length
    ? await Promise.all([
        scope.db
          .select({ id: consultations.id, memberId: consultations.memberId, uniqueid: consultations.callUniqueid })
          .from(consultations)
          .where(scope.where(consultations, inArray(consultations.callUniqueid, uniqueids)))
          .orderBy(asc(consultations.id)),
        scope.db
          .select({ uniqueid: callMemberChoices.uniqueid, memberId: callMemberChoices.memberId })
          .from(callMemberChoices)
          .where(scope.where(callMemberChoices, inArray(callMemberChoices.uniqueid, uniqueids))),
      ])
    : [[], []];
  const chosenByCall = new Map(choices.map((choice) => [choice.uniqueid, choice.memberId]));
  const notedMembers = distinctPresent([...notes.map((note) => note.memberId), ...choices.map((choice) => choice.memberId)]);
  const byNumberOrNote = numbers.length && notedMembers.length
    ? or(inArray(members.phoneNumber, numbers), inArray(members.id, notedMembers))
    : numbers.length ? inArray(members.phoneNumber, numbers) : inArray(members.id, notedMembers);
  const [people, agents] = await Promise.all([
    numbers.length || notedMembers.length
      ? scope.db
          .select({ id: members.id, name: members.name, phone: members.phoneNumber })
          .from(members)
          .where(scope.where(members, byNumberOrNote))
          .orderBy(asc(members.id))
      : [],
    extensions.length
      ? scope.db
          .select({ name: users.name, extension: users.extension })
          .from(users)
          .where(scope.where(users, inArray(users.extension, extensions), isNull(users.deletedAt)))
      : [],
  ]);
  const memberById = new Map(people.map((person) => [person.id, person]));
  // A number's member when it has exactly one; a number several members share names nobody by itself
  // (null), rather than the first of them.
  const memberByNumber = new Map<string, { id: number; name: string } | null>();
  for (const person of people) {
    if (!numbers.includes(person.phone)) continue;
    memberByNumber.set(person.phone, memberByNumber.has(person.phone) ? null : person);
  }
  const agentByExtension = new Map(agents.map((a) => [a.extension, a.name]));
  const noteByCall = new Map<string, { id: number; member_id: number | null }>();
  for (const note of notes) if (note.uniqueid && !noteByCall.has(note.uniqueid)) noteByCall.set(note.uniqueid, { id: note.id, member_id: note.memberId });
  return records.map((call) => {
    const number = outsideNumberOf(call);
    const note = noteByCall.get(call.uniqueid) ?? null;
    // The member the agent chose for the call (select-member), else the one they wrote its consultation
    // for, else the number's only member.
    const chosenId = chosenByCall.get(call.uniqueid);
    const member =
      (chosenId === undefined ? undefined : memberById.get(chosenId)) ??
      (note?.member_id ? memberById.get(note.member_id) : undefined) ??
      (number === null ? undefined : memberByNumber.get(number)) ??
      undefined;
    return {
      ...call,
      member_id: member?.id ?? null,
      member_name: member?.name ?? null,
      agent_name: call.extension === null ? null : (agentByExtension.get(call.extension) ?? null),
      consultation: note,
    };
  });
}
