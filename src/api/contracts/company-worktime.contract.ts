import { z } from 'zod';
import { WORKTIME_FORCES } from '../routing/company-worktime';

/**
 * Company work time (specification: `company/worktime/view`, `company/worktime/update`, the
 * `company/worktime/edit` pop-up; docs/routing.md "Company work time"): the hours are the company's
 * working-hour time conditions; the work-time switch forces the company open or closed until the hours
 * next change from open to closed or back, and the routing honours it at once, without Apply.
 */

export const worktimeForceSchema = z.enum(WORKTIME_FORCES, { error: 'validation.worktime_force_invalid' });

/** One working-hour condition, as the pop-up lists the hours (ISO weekdays 1 Monday … 7 Sunday; Asia/Seoul). */
export const worktimeHoursSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_weekday: z.number().int().nullable(),
  end_weekday: z.number().int().nullable(),
  start_hour: z.number().int().nullable(),
  start_minute: z.number().int().nullable(),
  end_hour: z.number().int().nullable(),
  end_minute: z.number().int().nullable(),
});
export type WorktimeHours = z.infer<typeof worktimeHoursSchema>;

export const companyWorktimeSchema = z.object({
  /** Whether the company is open now: the force when one is in effect, else the hours. */
  open: z.boolean(),
  /** What the hours alone say now (no working-hour condition holds). */
  scheduled_open: z.boolean(),
  /** The work-time switch in effect now; null: the hours decide. */
  force: worktimeForceSchema.nullable(),
  /** When the force ends: the next change of span when it was set (ISO); null without a force or a change. */
  force_until: z.string().nullable(),
  /** Who set the force (their name). */
  forced_by: z.string().nullable(),
  /** The working-hour conditions of the live routing (the staged records before any Apply), by id. */
  hours: z.array(worktimeHoursSchema),
});
export type CompanyWorktime = z.infer<typeof companyWorktimeSchema>;

export const companyWorktimeResponseSchema = z.object({ data: companyWorktimeSchema });
export type CompanyWorktimeResponse = z.infer<typeof companyWorktimeResponseSchema>;

/** `company/worktime/update`: force the company open or closed until the next change of span, or null to go back to the hours. */
export const companyWorktimeUpdateBodySchema = z.object({
  force: worktimeForceSchema.nullable(),
});
export type CompanyWorktimeUpdateBody = z.input<typeof companyWorktimeUpdateBodySchema>;
