import type { z } from 'zod';
import { memberInputSchema } from '../../../../../src/api/contracts/member.contract';
import type { MemberSettings } from '../../../../../src/api/contracts/member-settings.contract';
import { customFieldValueProblem } from '../../../../../src/api/contracts/setting-contracts';
import type { MessageId } from '../../../lib/i18n';
import { normalisePhoneNumber } from '../../../lib/phone';
import type { RowConverter } from '../row-converters';
import { rowProblems, trimmedValues } from '../zod-problems';

export interface MemberImportContext {
  settings: MemberSettings;
}

const CUSTOM_PREFIX = 'custom_fields.';

/** Groups and levels in one cell, as people type them: "VIP, Gold" or one per line. */
const splitList = (text: string | undefined) =>
  (text ?? '')
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Excel turns 01055550001 typed into a number cell into 1055550001. Korean numbers a call-centre stores
 * start with 0 (mobile 010…, area codes 02…, 031…), so 9 or 10 bare digits without it get it back.
 */
export function restoreLeadingZero(phone: string): string {
  return /^[1-9]\d{8,9}$/.test(phone.trim()) ? `0${phone.trim()}` : phone;
}


/**
 * The rules of routes/members/member-settings-check.ts, without the database: the settings are loaded
 * once per import and handed to the worker. Keep the two in step (server/test/import-export checks the
 * import refuses what member/store refuses). Built once per import: 100,000 rows ask the same sets.
 */
function settingsChecker(settings: MemberSettings) {
  const groups = new Set(settings.groups);
  const levels = new Set(settings.levels);
  const types = new Map(settings.custom_fields.map((f) => [f.name, f.field_type]));
  return (input: { groups: string[]; levels: string[]; custom_fields: Record<string, string> }) => {
    const problems: { field: string; messageId: MessageId }[] = [];
    if (input.groups.some((name) => !groups.has(name))) problems.push({ field: 'groups', messageId: 'validation.member_group_unknown' });
    if (input.levels.some((name) => !levels.has(name))) problems.push({ field: 'levels', messageId: 'validation.member_level_unknown' });
    for (const name in input.custom_fields) {
      const value = input.custom_fields[name]!;
      const type = types.get(name);
      if (value === '' || !type) continue;
      const problem = customFieldValueProblem(type, value);
      if (problem) problems.push({ field: `custom_fields.${name}`, messageId: problem });
    }
    return problems;
  };
}

/** Postgres array literal for `::text[]`: every element quoted, quotes and backslashes escaped. */
export function textArrayLiteral(values: readonly string[]): string {
  let literal = '';
  for (const value of values) {
    const quoted = ARRAY_SPECIAL.test(value) ? value.replace(/[\\"]/g, (c) => `\\${c}`) : value;
    literal += literal === '' ? `"${quoted}"` : `,"${quoted}"`;
  }
  return `{${literal}}`;
}

const ARRAY_SPECIAL = /[\\"]/;

/** Each name once, in the order given (what `[...new Set(names)]` gives, without building a Set for one name). */
const distinct = (names: readonly string[]) => (names.length < 2 ? names : [...new Set(names)]);

/** Custom field values without the blank ones (blank means "not set"; it is not stored). */
export function nonBlankValues(values: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name in values) if (values[name] !== '') kept[name] = values[name]!;
  return kept;
}

type MemberInput = z.output<typeof memberInputSchema>;

/**
 * What the member resource's `toValues` writes (routes/members/member.resource.ts), as insert columns.
 * Repeated here rather than imported: that module brings drizzle and the whole schema into the worker,
 * a second of start-up for nothing. The number goes through the same normalisePhoneNumber;
 * server/test/import-export/row-values.test.ts checks that both agree.
 */
export function memberColumns(input: MemberInput): (string | null)[] {
  return [
    input.name,
    normalisePhoneNumber(input.phone_number),
    input.company_name,
    textArrayLiteral(distinct(input.groups)),
    textArrayLiteral(distinct(input.levels)),
    JSON.stringify(nonBlankValues(input.custom_fields)),
  ];
}

/** The cells of the custom fields (keys `custom_fields.<name>`) that are not blank, by name. */
export function customFieldCells(cells: Record<string, string>): Record<string, string> {
  const custom: Record<string, string> = {};
  for (const key in cells) {
    const value = cells[key]!;
    if (key.startsWith(CUSTOM_PREFIX) && value.trim() !== '') custom[key.slice(CUSTOM_PREFIX.length)] = value;
  }
  return custom;
}

/**
 * The import's converter of one sheet row (cells by field key) → the member's columns, or its problems.
 * Validated with the shared member contract, then the settings.
 */
export function memberRowConverter(context: MemberImportContext): RowConverter {
  const settingsProblems = settingsChecker(context.settings);
  return (cells) => {
    const lists = { groups: splitList(cells.groups), levels: splitList(cells.levels) };
    const customFields = customFieldCells(cells);
    const parsed = memberInputSchema.safeParse({
      name: cells.name ?? '',
      phone_number: restoreLeadingZero(cells.phone_number ?? ''),
      company_name: cells.company_name ?? '',
      ...lists,
      custom_fields: customFields,
    });
    if (!parsed.success) {
      return { ok: false, problems: rowProblems(parsed.error, settingsProblems({ ...lists, custom_fields: trimmedValues(customFields) })) };
    }
    const problems = settingsProblems(parsed.data);
    if (problems.length > 0) return { ok: false, problems };
    return { ok: true, columns: memberColumns(parsed.data) };
  };
}
