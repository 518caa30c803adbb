import { z } from 'zod';
import { defineResourceContract } from '../resources/resource-contract';
import { recordIdNumber } from './input-bounds';

/**
 * Announcements (CONTRACT §10 "announcement", §14; docs/announcements.md). A manager writes the
 * company's (audience `company`); the platform administrator writes the platform's, to `all` companies
 * or to the `companies` named in `company_ids`. Everyone of a company reads the company's and the
 * platform's addressed to it, pinned first, each marked read or not for the reader.
 *
 * The routes follow the resource convention (`announcement/list`, `/view`, `/store`, `/update`,
 * `/delete/{id}`) so the generic client hooks, list and form work from this contract; the server's
 * are its own (server/src/routes/announcements) because the admin, who has no company, writes rows many
 * companies read.
 */

export const ANNOUNCEMENT_AUDIENCES = ['company', 'all', 'companies'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
/** What the platform administrator may address. */
export const PLATFORM_AUDIENCES = ['all', 'companies'] as const satisfies readonly AnnouncementAudience[];

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 10_000;

const blankAsNull = (value: unknown) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value);

export const announcementRecordSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text; line breaks are kept, nothing is rendered as HTML. */
  content: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  company_ids: z.array(z.number().int()),
  /** ISO moment; a later one is scheduled: its readers see it (and are told) from then. */
  published_at: z.string(),
  pinned: z.boolean(),
  /** The platform administrator's (true) or the reader's company's own (false). */
  platform: z.boolean(),
  /** Whether the reader has opened it. */
  read: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Announcement = z.infer<typeof announcementRecordSchema>;

export const announcementInputSchema = z.object({
  title: z
    .string({ error: 'validation.announcement_title_required' })
    .trim()
    .min(1, 'validation.announcement_title_required')
    .max(ANNOUNCEMENT_TITLE_MAX, 'validation.text_too_long'),
  content: z
    .string({ error: 'validation.announcement_content_required' })
    .trim()
    .min(1, 'validation.announcement_content_required')
    .max(ANNOUNCEMENT_CONTENT_MAX, 'validation.text_too_long'),
  /** A manager's is always `company` (the default); the admin's `all` or `companies`. */
  audience: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'validation.announcement_audience_invalid' }).default('company')),
  company_ids: z.preprocess((value) => (value === null || value === undefined || value === '' ? [] : value), z.array(recordIdNumber()).max(1000)),
  /** Blank: now. */
  published_at: z.preprocess(
    blankAsNull,
    z.iso
      .datetime({ offset: true, error: 'validation.date_invalid' })
      // A moment PostgreSQL reads back as written: no year 0000, none past 9999 once the offset applies.
      .refine((value) => {
        const year = Number(value.slice(0, 4));
        return year >= 1970 && year <= 9000;
      }, 'validation.date_invalid')
      .nullable(),
  ),
  pinned: z.preprocess((value) => value ?? false, z.boolean()),
});

export const announcementContract = defineResourceContract({
  entity: 'announcement',
  path: 'announcement',
  record: announcementRecordSchema,
  input: announcementInputSchema,
  filters: {},
  sortFields: ['published_at', 'title', 'id', 'created_at'],
  defaultSort: { sort_by: 'published_at', sort_order: 'desc' },
  searchable: true,
  access: {
    read: { roles: ['admin', 'manager', 'agent'] },
    create: { roles: ['admin', 'manager'] },
    update: { roles: ['admin', 'manager'] },
    delete: { roles: ['admin', 'manager'] },
  },
});

/** `announcement/unread` → how many the reader has not opened (the bell's badge). */
export const announcementUnreadResponseSchema = z.object({ unread: z.number().int().nonnegative() });

/** `announcement/companies` (admin) → the companies a platform announcement may name. */
export const announcementCompaniesResponseSchema = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/** The socket event of CONTRACT §14, to the readers' rooms when an announcement is published. */
export const announcementEventSchema = z.object({ id: z.number().int(), title: z.string() });
export type AnnouncementEvent = z.infer<typeof announcementEventSchema>;

/** The company's slogan (`/slogan`), shown in the header of its users. */
export const SLOGAN_MAX = 100;
export const sloganSchema = z.object({ slogan: z.string().nullable() });
export const sloganResponseSchema = z.object({ data: sloganSchema });
export const sloganUpdateBodySchema = z.object({
  slogan: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z.string({ error: 'validation.slogan_too_long' }).trim().max(SLOGAN_MAX, 'validation.slogan_too_long'),
  ),
});
