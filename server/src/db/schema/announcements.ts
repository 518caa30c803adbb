import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from '../schema';

/**
 * Announcements (docs/announcements.md): a company's own (`company_id` set, audience `company`) or the
 * platform administrator's (`company_id` null, audience `all` or `companies` with `company_ids`). One
 * table, so a reader's list is one query ordered pinned first; who reads and writes which rows is decided
 * in one place, server/src/services/announcements/announcement-access.ts.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    /** The company that wrote it; null for the platform's. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    audience: text('audience').notNull().default('company'),
    /** The companies a platform announcement with audience `companies` is for. */
    companyIds: integer('company_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    pinned: boolean('pinned').notNull().default(false),
    /** When the `announcement` socket event went out (once, by whichever process claimed it). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_company_published_idx').on(t.companyId, t.publishedAt),
    index('announcements_unnotified_idx').on(t.publishedAt).where(sql`${t.notifiedAt} is null`),
    check('announcements_audience_check', sql`${t.audience} in ('company', 'all', 'companies')`),
    // A company's own are for the company; the platform's are for all or for chosen companies.
    check('announcements_owner_audience_check', sql`(${t.companyId} is null) = (${t.audience} <> 'company')`),
  ],
);

/** Who read which announcement, and when (the list marks the others unread). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] }), index('announcement_reads_announcement_idx').on(t.announcementId)],
);
