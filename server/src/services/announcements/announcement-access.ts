import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../../src/api/contracts/session.contract';
import { announcements } from '../../db/schema/announcements';

/** Who is asking: enough of the request's auth to decide what they read and write. */
export interface AnnouncementViewer {
  userId: number;
  role: Role;
  companyId: number | null;
}

/**
 * THE rule of who reads and writes which announcement (docs/announcements.md), in one place; every query
 * of server/src/services/announcements goes through these two conditions.
 *
 * - The platform administrator (no company) reads and writes the platform's (`company_id` null), all of
 *   them, scheduled ones too.
 * - A manager reads the company's own (scheduled ones too: they wrote them) and the platform's that are
 *   published and addressed to all or to the company; writes only the company's own.
 * - An agent reads the same, but only what is published; writes nothing.
 *
 * Another company's announcement, or a platform one addressed elsewhere, matches neither: a 404.
 */
export function readableBy(viewer: AnnouncementViewer): SQL {
  if (viewer.role === 'admin' || viewer.companyId === null) return isNull(announcements.companyId);
  const published = lte(announcements.publishedAt, sql`now()`);
  const own = viewer.role === 'manager' ? eq(announcements.companyId, viewer.companyId) : and(eq(announcements.companyId, viewer.companyId), published);
  const addressed = and(
    isNull(announcements.companyId),
    published,
    or(eq(announcements.audience, 'all'), sql`${viewer.companyId} = any(${announcements.companyIds})`),
  );
  return or(own, addressed) as SQL;
}

/** What the viewer may change; `null` when nothing (agents: the routes answer 403 before this). */
export function writableBy(viewer: AnnouncementViewer): SQL | null {
  if (viewer.role === 'admin') return isNull(announcements.companyId);
  if (viewer.role === 'manager' && viewer.companyId !== null) return eq(announcements.companyId, viewer.companyId);
  return null;
}

/** The company a viewer's new announcement belongs to: null (the platform's) for the admin. */
export function ownerOf(viewer: AnnouncementViewer): number | null {
  return viewer.role === 'admin' ? null : viewer.companyId;
}
