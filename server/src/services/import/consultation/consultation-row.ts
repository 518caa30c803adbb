import type { z } from 'zod';
import {
  CALL_DIRECTIONS,
  consultationInputSchema,
  TREATMENT_RESULTS,
  type CallDirection,
  type TreatmentResult,
} from '../../../../../src/api/contracts/consultation.contract';
import type { ConsultationSettings } from '../../../../../src/api/contracts/consultation-settings.contract';
import { customFieldValueProblem, isCalendarDate } from '../../../../../src/api/contracts/setting-contracts';
import { translate, type MessageId } from '../../../lib/i18n';
import { normalisePhoneNumber } from '../../../lib/phone';
import { customFieldCells, nonBlankValues, restoreLeadingZero } from '../member/member-row';
import { normaliseHeader } from '../import-types';
import type { RowConverter } from '../row-converters';
import { rowProblems, trimmedValues } from '../zod-problems';

export interface ConsultationImportContext {
  settings: ConsultationSettings;
}

const DIRECTION_LABELS: Record<CallDirection, MessageId> = { inbound: 'call_direction.inbound', outbound: 'call_direction.outbound' };
const TREATMENT_LABELS: Record<TreatmentResult, MessageId> = {
  receipt: 'treatment_result.receipt',
  progress: 'treatment_result.progress',
  waiting: 'treatment_result.waiting',
  complete: 'treatment_result.complete',
};

/**
 * A choice as the cell may spell it: its key, its label in either language (what the export writes), or
 * a label it had before (`formerly`, so files exported then still import).
 */
function choiceReader<V extends string>(values: readonly V[], labels: Record<V, MessageId>, formerly: Record<string, V> = {}): (text: string) => V | string {
  const byText = new Map<string, V>(Object.entries(formerly).map(([text, value]) => [normaliseHeader(text), value]));
  for (const value of values) {
    for (const text of [value, translate(labels[value], 'en'), translate(labels[value], 'kr')]) byText.set(normaliseHeader(text), value);
  }
  return (text) => byText.get(normaliseHeader(text)) ?? text;
}

export const CONSULTATION_CHOICE_LABELS = { direction: DIRECTION_LABELS, treatment_result: TREATMENT_LABELS };
const readDirection = choiceReader(CALL_DIRECTIONS, DIRECTION_LABELS);
// "Waiting" was 대기 in Korean until it became 보류 (대기 is also the agent's "available" state, QA).
const readTreatment = choiceReader(TREATMENT_RESULTS, TREATMENT_LABELS, { 대기: 'waiting' });


/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]`, a time of day in Asia/Seoul (specification §9), as ISO text. */
export function seoulTimestamp(text: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match || !isCalendarDate(match[1]!)) return null;
  const [hh = '00', mm = '00', ss = '00'] = [match[2], match[3], match[4]];
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  return `${match[1]}T${hh}:${mm}:${ss}+09:00`;
}

type Problem = { field: string; messageId: MessageId };
type ConsultationInput = z.output<typeof consultationInputSchema>;

/**
 * What the consultation resource's `toValues` writes (routes/consultations/consultation.resource.ts)
 * after the agent, as insert columns; repeated for the same reason as memberColumns (member-row.ts) and
 * checked against it by server/test/import-export/row-values.test.ts.
 */
export function consultationColumns(input: ConsultationInput, agentId: number | null, writtenAt: string | null): (string | null)[] {
  return [
    agentId === null ? null : String(agentId),
    normalisePhoneNumber(input.phone_number),
    input.direction,
    input.title,
    input.content,
    input.inquiry,
    input.department,
    input.big_category,
    input.small_category,
    JSON.stringify(nonBlankValues(input.custom_fields)),
    input.treatment_result,
    writtenAt,
  ];
}

/**
 * The rules of routes/consultations/consultation-checks.ts, without the database: inquiry, department,
 * categories (the small one under its big one) and custom fields must be the company's settings. Built
 * once per import: 100,000 rows ask the same sets.
 */
function settingsChecker(settings: ConsultationSettings) {
  const inquiries = new Set(settings.inquiries);
  const departments = new Set(settings.departments);
  const bigCategories = new Map(settings.big_categories.map((b) => [b.name, new Set(b.small_categories)]));
  const types = new Map(settings.custom_fields.map((f) => [f.name, f.field_type]));
  return (input: { inquiry: string | null; department: string | null; big_category: string; small_category: string | null; custom_fields: Record<string, string> }) => {
    const problems: Problem[] = [];
    if (input.inquiry && !inquiries.has(input.inquiry)) problems.push({ field: 'inquiry', messageId: 'validation.consultation_inquiry_unknown' });
    if (input.department && !departments.has(input.department)) problems.push({ field: 'department', messageId: 'validation.consultation_department_unknown' });
    const smallCategories = bigCategories.get(input.big_category);
    if (!smallCategories) problems.push({ field: 'big_category', messageId: 'validation.consultation_big_category_unknown' });
    if (input.small_category && !smallCategories?.has(input.small_category)) problems.push({ field: 'small_category', messageId: 'validation.consultation_small_category_unknown' });
    for (const name in input.custom_fields) {
      const value = input.custom_fields[name]!;
      const type = types.get(name);
      const problem = type && customFieldValueProblem(type, value);
      if (problem) problems.push({ field: `custom_fields.${name}`, messageId: problem });
    }
    return problems;
  };
}

const trimmedOrNull = (text: string | undefined) => text?.trim() || null;

/**
 * The import's converter of one sheet row → a consultation's columns, or its problems: the shared
 * contract, the settings, the agent by name (left empty: no agent, as the table allows for imported
 * records) and the date it was written (left empty: now).
 */
export function consultationRowConverter(context: ConsultationImportContext): RowConverter {
  const settingsProblems = settingsChecker(context.settings);
  const agents = new Map<string, number>();
  // The first agent of a name wins, as `find` did.
  for (const agent of context.settings.agents) if (!agents.has(agent.name)) agents.set(agent.name, agent.id);
  return (cells) => {
    const customFields = customFieldCells(cells);
    const parsed = consultationInputSchema.safeParse({
      phone_number: restoreLeadingZero(cells.phone_number ?? ''),
      title: cells.title ?? '',
      content: cells.content ?? '',
      direction: cells.direction ? readDirection(cells.direction) : 'inbound',
      inquiry: cells.inquiry ?? '',
      department: cells.department ?? '',
      big_category: cells.big_category ?? '',
      small_category: cells.small_category ?? '',
      treatment_result: cells.treatment_result ? readTreatment(cells.treatment_result) : 'receipt',
      custom_fields: customFields,
    });
    const problems: Problem[] = parsed.success
      ? settingsProblems(parsed.data)
      : rowProblems(
          parsed.error,
          settingsProblems({
            inquiry: trimmedOrNull(cells.inquiry),
            department: trimmedOrNull(cells.department),
            big_category: (cells.big_category ?? '').trim(),
            small_category: trimmedOrNull(cells.small_category),
            custom_fields: trimmedValues(customFields),
          }),
        );
    const agentName = (cells.agent ?? '').trim();
    const agentId = agentName ? agents.get(agentName) : undefined;
    if (agentName && agentId === undefined) problems.push({ field: 'agent', messageId: 'validation.import_agent_unknown' });
    const writtenText = (cells.created_at ?? '').trim();
    const writtenAt = writtenText ? seoulTimestamp(writtenText) : null;
    if (writtenText && !writtenAt) problems.push({ field: 'created_at', messageId: 'validation.import_datetime_invalid' });
    if (!parsed.success || problems.length > 0) return { ok: false, problems };
    return { ok: true, columns: consultationColumns(parsed.data, agentId ?? null, writtenAt) };
  };
}
