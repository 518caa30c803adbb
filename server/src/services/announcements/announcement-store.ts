import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Announcement, AnnouncementAudience } from '../../../../src/api/contracts/announcement.contract';
import { lastPageOf, type Page } from '../../../../src/api/resources/resource-contract';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';
import { announcementReads, announcements } from '../../db/schema/announcements';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { pagingOf, type ParsedListQuery } from '../../resources/list-query';
import { ownerOf, readableBy, writableBy, type AnnouncementViewer } from './announcement-access';

/**
 * Announcements' data access (docs/announcements.md). Platform rows have no company and are read by
 * many, so a CompanyScope cannot hold them: this folder is on the raw-database allow-list
 * (eslint.config.js) and every query here is narrowed by `readableBy` / `writableBy`
 * (announcement-access.ts), the one place that says who sees what.
 */

type Row = typeof announcements.$inferSelect;

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export interface AnnouncementInput {
  title: string;
  content: string;
  audience: AnnouncementAudience;
  company_ids: number[];
  published_at: string | null;
  pinned: boolean;
}

const SORT_COLUMNS: Record<string, AnyPgColumn> = {
  published_at: announcements.publishedAt,
  title: announcements.title,
  id: announcements.id,
  created_at: announcements.createdAt,
};

function toRecord(row: Row, read: boolean): Announcement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    audience: row.audience as AnnouncementAudience,
    company_ids: row.companyIds,
    published_at: row.publishedAt.toISOString(),
    pinned: row.pinned,
    platform: row.companyId === null,
    read,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Whether the viewer opened it: a correlated EXISTS, so a list is one query. */
const readBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${announcementReads} where ${announcementReads.userId} = ${userId} and ${announcementReads.announcementId} = ${announcements.id})`;

export class AnnouncementStore {
  constructor(private readonly db: Database) {}

  /** A page the viewer may read: pinned first, then the requested sort, then id (pages never overlap). */
  async page(viewer: AnnouncementViewer, query: ParsedListQuery): Promise<Page<Announcement>> {
    const { page, perPage } = pagingOf(query);
    const where = and(readableBy(viewer), query.search ? this.search(query.search) : undefined);
    const [counted] = await this.db.select({ n: count() }).from(announcements).where(where);
    const total = Number(counted?.n ?? 0);
    const sortBy = query.sort_by ?? 'published_at';
    const direction = (query.sort_order ?? (query.sort_by ? 'asc' : 'desc')) === 'desc' ? desc : asc;
    const rows = await this.db
      .select({ row: announcements, read: readBy(viewer.userId) })
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.pinned), direction(SORT_COLUMNS[sortBy] ?? announcements.publishedAt), direction(announcements.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return {
      data: rows.map(({ row, read }) => toRecord(row, Boolean(read))),
      current_page: page,
      per_page: perPage,
      total,
      last_page: lastPageOf(total, perPage),
    };
  }

  /** One the viewer may read; anything else is a 404. */
  async get(viewer: AnnouncementViewer, id: number): Promise<Announcement> {
    const [found] = await this.db
      .select({ row: announcements, read: readBy(viewer.userId) })
      .from(announcements)
      .where(and(eq(announcements.id, id), readableBy(viewer)));
    if (!found) throw notFound();
    return toRecord(found.row, Boolean(found.read));
  }

  async create(viewer: AnnouncementViewer, input: AnnouncementInput): Promise<Row> {
    await this.checkAudience(viewer, input);
    const [row] = await this.db
      .insert(announcements)
      .values({ ...this.columns(viewer, input), companyId: ownerOf(viewer), createdBy: viewer.userId })
      .returning();
    return row!;
  }

  async update(viewer: AnnouncementViewer, id: number, input: AnnouncementInput): Promise<Row> {
    const writable = await this.writableRow(viewer, id);
    await this.checkAudience(viewer, input);
    const [row] = await this.db
      .update(announcements)
      .set({ ...this.columns(viewer, input), updatedAt: new Date() })
      .where(and(eq(announcements.id, writable.id), writableBy(viewer)!))
      .returning();
    if (!row) throw notFound();
    return row;
  }

  async remove(viewer: AnnouncementViewer, id: number): Promise<void> {
    const writable = await this.writableRow(viewer, id);
    await this.db.delete(announcements).where(and(eq(announcements.id, writable.id), writableBy(viewer)!));
  }

  /** Marks it read for the viewer (once: the first reading's time stays). */
  async markRead(viewer: AnnouncementViewer, id: number): Promise<Announcement> {
    await this.get(viewer, id);
    await this.db.insert(announcementReads).values({ userId: viewer.userId, announcementId: id }).onConflictDoNothing();
    return this.get(viewer, id);
  }

  /** How many published ones the viewer may read and has not opened. */
  async unread(viewer: AnnouncementViewer): Promise<number> {
    const [counted] = await this.db
      .select({ n: count() })
      .from(announcements)
      .where(and(readableBy(viewer), lte(announcements.publishedAt, sql`now()`), sql`not ${readBy(viewer.userId)}`));
    return Number(counted?.n ?? 0);
  }

  /** Every company, for the admin's choice of addressees. */
  async companies(): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(isNull(companies.deletedAt))
      .orderBy(asc(companies.name), asc(companies.id));
  }

  /**
   * Published announcements nobody was told of yet, claimed for this process (one UPDATE, so with several
   * processes each is told once): the just-written one at once, scheduled ones when their time comes.
   */
  async claimDue(id?: number): Promise<Row[]> {
    return this.db
      .update(announcements)
      .set({ notifiedAt: new Date() })
      .where(and(isNull(announcements.notifiedAt), lte(announcements.publishedAt, sql`now()`), id === undefined ? undefined : eq(announcements.id, id)))
      .returning();
  }

  /** The company's slogan (null when it has none). */
  async slogan(companyId: number): Promise<string | null> {
    const [company] = await this.db.select({ slogan: companies.slogan }).from(companies).where(eq(companies.id, companyId));
    return company?.slogan ?? null;
  }

  async setSlogan(companyId: number, slogan: string): Promise<string | null> {
    const value = slogan === '' ? null : slogan;
    await this.db.update(companies).set({ slogan: value, updatedAt: new Date() }).where(eq(companies.id, companyId));
    return value;
  }

  private search(term: string): SQL | undefined {
    const like = `%${escapeLike(term)}%`;
    return or(ilike(announcements.title, like), ilike(announcements.content, like));
  }

  /** The row if the viewer may change it: another company's is a 404, a platform one a manager reads a 403. */
  private async writableRow(viewer: AnnouncementViewer, id: number): Promise<Row> {
    const condition = writableBy(viewer);
    if (!condition) throw forbidden();
    const [row] = await this.db.select().from(announcements).where(and(eq(announcements.id, id), condition));
    if (row) return row;
    const [readable] = await this.db.select({ id: announcements.id }).from(announcements).where(and(eq(announcements.id, id), readableBy(viewer)));
    throw readable ? forbidden() : notFound();
  }

  /** A manager writes for the company only; the admin to all or to companies that exist. */
  private async checkAudience(viewer: AnnouncementViewer, input: AnnouncementInput): Promise<void> {
    if (viewer.role !== 'admin') {
      if (input.audience !== 'company') throw fieldError('audience', 'validation.announcement_audience_admin_only');
      return;
    }
    if (input.audience === 'company') throw fieldError('audience', 'validation.announcement_audience_platform');
    if (input.audience !== 'companies') return;
    const ids = [...new Set(input.company_ids)];
    if (ids.length === 0) throw fieldError('company_ids', 'validation.announcement_companies_required');
    const found = await this.db.select({ id: companies.id }).from(companies).where(and(inArray(companies.id, ids), isNull(companies.deletedAt)));
    if (found.length !== ids.length) throw fieldError('company_ids', 'validation.announcement_companies_invalid');
  }

  private columns(viewer: AnnouncementViewer, input: AnnouncementInput) {
    const platform = viewer.role === 'admin';
    return {
      title: input.title,
      content: input.content,
      audience: input.audience,
      companyIds: platform && input.audience === 'companies' ? [...new Set(input.company_ids)].sort((a, b) => a - b) : [],
      publishedAt: input.published_at ? new Date(input.published_at) : new Date(),
      pinned: input.pinned,
    };
  }
}
