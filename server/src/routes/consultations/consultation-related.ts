import { inArray } from 'drizzle-orm';
import type { Consultation } from '../../../../src/api/contracts/consultation.contract';
import type { CompanyScope } from '../../db/company-scope';
import { members, users } from '../../db/schema';
import { distinctPresent } from '../../lib/distinct';

/**
 * The agent's and the member's current names for a page of consultations: one query each, within the
 * company. Looked up rather than copied, so renaming a member or a user shows at once and no member
 * setting (group, level, custom field) has anything to cascade into consultations.
 */
export async function withAgentAndMemberNames(scope: CompanyScope, records: Consultation[]): Promise<Consultation[]> {
  const agentIds = distinctPresent(records.map((r) => r.agent_id));
  const memberIds = distinctPresent(records.map((r) => r.member_id));
  const [agents, people] = await Promise.all([
    agentIds.length ? scope.db.select({ id: users.id, name: users.name }).from(users).where(scope.where(users, inArray(users.id, agentIds))) : [],
    memberIds.length ? scope.db.select({ id: members.id, name: members.name }).from(members).where(scope.where(members, inArray(members.id, memberIds))) : [],
  ]);
  const agentNames = new Map(agents.map((a) => [a.id, a.name]));
  const memberNames = new Map(people.map((m) => [m.id, m.name]));
  return records.map((r) => ({
    ...r,
    agent_name: r.agent_id === null ? null : (agentNames.get(r.agent_id) ?? null),
    member_name: r.member_id === null ? null : (memberNames.get(r.member_id) ?? null),
  }));
}
