import type { z } from 'zod';
import { isMessageId, type MessageId } from '../../../../src/i18n/message-ids';

/**
 * A row's zod issues as field problems. Shared contracts carry message ids; zod's own English (a wrong
 * type) becomes the generic "not valid" text, as the API's 422 does. `groups.3` is reported as `groups`.
 */
export function zodProblems(error: z.ZodError): { field: string; messageId: MessageId }[] {
  const seen = new Set<string>();
  const problems: { field: string; messageId: MessageId }[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const field = path[0] === 'custom_fields' && path[1] ? `custom_fields.${path[1]}` : (path[0] ?? '');
    const messageId: MessageId = isMessageId(issue.message) ? issue.message : 'validation.invalid_value';
    const key = `${field}\u0000${messageId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ field, messageId });
  }
  return problems;
}

/**
 * Every problem of a row at once: the contract's, then the settings' (checked on the row's own values)
 * for the fields the contract did not already refuse, so a row with no title and an unknown category
 * lists both instead of the second only after the first is fixed.
 */
export function rowProblems(error: z.ZodError, settingsProblems: { field: string; messageId: MessageId }[]): { field: string; messageId: MessageId }[] {
  const problems = zodProblems(error);
  const reported = new Set(problems.map((problem) => problem.field));
  return [...problems, ...settingsProblems.filter((problem) => !reported.has(problem.field))];
}

/** The custom field cells as the contract reads them (trimmed), for checks that run when the row failed it. */
export function trimmedValues(values: Record<string, string>): Record<string, string> {
  const trimmed: Record<string, string> = {};
  for (const key in values) trimmed[key] = values[key]!.trim();
  return trimmed;
}
