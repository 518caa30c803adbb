import { sql, type SQL } from 'drizzle-orm';
import type { CompanyScope } from '../../db/company-scope';
import { members } from '../../db/schema';
import { holdsName } from '../members/member-search';

/**
 * What a member setting's rename or delete does to the members that use it (specification §5: existing
 * records change too). Each runs inside the setting's own write transaction, within its company.
 */

/** The member columns that hold setting names. */
type NameList = 'groups' | 'levels';

const setNameList = (list: NameList, value: SQL) => (list === 'groups' ? { groups: value } : { levels: value });

export const renameInNameList = (list: NameList) => async (scope: CompanyScope, from: string, to: string) => {
  const column = members[list];
  await scope.db
    .update(members)
    .set({ ...setNameList(list, sql`array_replace(${column}, ${from}::text, ${to}::text)`), updatedAt: new Date() })
    .where(scope.where(members, holdsName(column, from)));
};

export const removeFromNameList = (list: NameList) => async (scope: CompanyScope, row: { name: string }) => {
  const column = members[list];
  await scope.db
    .update(members)
    .set({ ...setNameList(list, sql`array_remove(${column}, ${row.name}::text)`), updatedAt: new Date() })
    .where(scope.where(members, holdsName(column, row.name)));
};

/** Moves each member's value from the old key to the new one inside `custom_fields`. */
export async function renameCustomFieldKey(scope: CompanyScope, from: string, to: string): Promise<void> {
  await scope.db
    .update(members)
    .set({
      customFields: sql`(${members.customFields} - ${from}::text) || jsonb_build_object(${to}::text, ${members.customFields} -> ${from}::text)`,
      updatedAt: new Date(),
    })
    .where(scope.where(members, sql`${members.customFields} ? ${from}::text`));
}

export async function removeCustomFieldKey(scope: CompanyScope, row: { name: string }): Promise<void> {
  await scope.db
    .update(members)
    .set({ customFields: sql`${members.customFields} - ${row.name}::text`, updatedAt: new Date() })
    .where(scope.where(members, sql`${members.customFields} ? ${row.name}::text`));
}
