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
