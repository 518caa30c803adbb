import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  customFieldValueProblem,
  type CustomFieldType,
  type CustomFieldValueProblem,
} from '../../../../src/api/contracts/setting-contracts';
import type { CompanyOwnedTable, CompanyScope } from '../../db/company-scope';
import { FieldValidationError } from '../../lib/errors';
import type { MessageId } from '../../lib/i18n';

/** The records that hold a kind of custom field's values (members, consultations), and what to say. */
export interface CustomFieldHolders {
  table: CompanyOwnedTable;
  /** The jsonb column of values by field name. */
  customFields: AnyPgColumn;
  /** The message under `field_type` for each way a value may not fit (`{count}` records, `{example}`). */
  messages: Record<CustomFieldValueProblem, MessageId>;
}

/** Long values are cut in the message; 1,000 characters would bury the advice. */
const EXAMPLE_LENGTH = 40;
const shorten = (value: string) => (value.length > EXAMPLE_LENGTH ? `${value.slice(0, EXAMPLE_LENGTH)}…` : value);

/**
 * A custom field's type may only change to one every existing value fits: otherwise those records show
 * an empty typed input and can no longer be saved. The values are judged by the same check as a write
 * (`customFieldValueProblem`), one distinct value at a time, within the company and in the update's
 * transaction (the resource's `validate`). Values are still under the old name: a rename cascades later.
 */
export const refuseUnfitTypeChange =
  (holders: CustomFieldHolders) =>
  async (scope: CompanyScope, values: { fieldType?: CustomFieldType }, existing?: { name: string; fieldType: CustomFieldType }): Promise<void> => {
    const type = values.fieldType;
    if (!existing || !type || type === existing.fieldType || type === 'text') return;
    // One row per distinct value (the field name is a parameter, so group over a subquery's column).
    const held = scope.db
      .select({ value: sql<string | null>`${holders.customFields} ->> ${existing.name}::text`.as('value') })
      .from(holders.table)
      .where(scope.where(holders.table, sql`${holders.customFields} ? ${existing.name}::text`))
      .as('held');
    const distinct = await scope.db
      .select({ value: held.value, count: sql<number>`count(*)::int` })
      .from(held)
      .groupBy(held.value)
      // Byte order, so the example is the same whatever the database's collation.
      .orderBy(sql`${held.value} collate "C"`);
    let count = 0;
    let example: string | undefined;
    let problem: CustomFieldValueProblem | undefined;
    for (const row of distinct) {
      // Empty values are "not set" (never stored by a write); nothing to fit.
      if (row.value === null || row.value === '') continue;
      const found = customFieldValueProblem(type, row.value);
      if (!found) continue;
      count += Number(row.count);
      example ??= row.value;
      problem ??= found;
    }
    if (!problem || example === undefined) return;
    throw new FieldValidationError({ field_type: [holders.messages[problem]] }, { field_type: { count, example: shorten(example) } });
  };
