import type { z } from 'zod';
import { memberInputSchema } from '../../../../../src/api/contracts/member.contract';
import type { MemberSettings } from '../../../../../src/api/contracts/member-settings.contract';
import type { MessageId } from '../../../lib/i18n';
import { normalisePhoneNumber } from '../../../lib/phone';
import type { RowConversion } from '../row-converters';
import { zodProblems } from '../zod-problems';

export interface MemberImportContext {
  settings: MemberSettings;
}

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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/**
 * The rules of routes/members/member-settings-check.ts, without the database: the settings are loaded
 * once per import and handed to the worker. Keep the two in step (server/test/import-export checks the
 * import refuses what member/store refuses).
 */
function settingsProblems(settings: MemberSettings, input: { groups: string[]; levels: string[]; custom_fields: Record<string, string> }) {
  const problems: { field: string; messageId: MessageId }[] = [];
  if (input.groups.some((name) => !settings.groups.includes(name))) problems.push({ field: 'groups', messageId: 'validation.member_group_unknown' });
  if (input.levels.some((name) => !settings.levels.includes(name))) problems.push({ field: 'levels', messageId: 'validation.member_level_unknown' });
  const types = new Map(settings.custom_fields.map((f) => [f.name, f.field_type]));
  for (const [name, value] of Object.entries(input.custom_fields)) {
    const type = types.get(name);
    if (value === '') continue;
    if (type === 'number' && !isNumber(value)) problems.push({ field: `custom_fields.${name}`, messageId: 'validation.member_custom_field_number' });
    else if (type === 'date' && !isDate(value)) problems.push({ field: `custom_fields.${name}`, messageId: 'validation.member_custom_field_date' });
  }
  return problems;
}

/** Postgres array literal for `::text[]`: every element quoted, quotes and backslashes escaped. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

type MemberInput = z.output<typeof memberInputSchema>;

/**
 * What the member resource's `toValues` writes (routes/members/member.resource.ts), as insert columns.
 * Repeated here rather than imported: that module brings drizzle and the whole schema into the worker,
 * a second of start-up for nothing. The number goes through the same normalisePhoneNumber;
 * server/test/import-export/row-values.test.ts checks that both agree.
 */
export function memberColumns(input: MemberInput): (string | null)[] {
  const custom = Object.fromEntries(Object.entries(input.custom_fields).filter(([, value]) => value !== ''));
  return [
    input.name,
    normalisePhoneNumber(input.phone_number),
    input.company_name,
    textArrayLiteral([...new Set(input.groups)]),
    textArrayLiteral([...new Set(input.levels)]),
    JSON.stringify(custom),
  ];
}

/**
 * One sheet row (cells by field key) → the member's columns, or its problems. Validated with the shared
 * member contract, then the settings.
 */
export function convertMemberRow(cells: Record<string, string>, context: MemberImportContext): RowConversion {
  const customFields: Record<string, string> = {};
  for (const [key, value] of Object.entries(cells)) {
    if (key.startsWith('custom_fields.') && value.trim() !== '') customFields[key.slice('custom_fields.'.length)] = value;
  }
  const parsed = memberInputSchema.safeParse({
    name: cells.name ?? '',
    phone_number: restoreLeadingZero(cells.phone_number ?? ''),
    company_name: cells.company_name ?? '',
    groups: splitList(cells.groups),
    levels: splitList(cells.levels),
    custom_fields: customFields,
  });
  if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) };
  const problems = settingsProblems(context.settings, parsed.data);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, columns: memberColumns(parsed.data) };
}
