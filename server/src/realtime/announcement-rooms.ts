/**
 * Where the `announcement` event goes (CONTRACT §14; docs/announcements.md). Every socket of a company's
 * user joins its company's announcement room and the all-companies room when it connects, so a new
 * announcement reaches signed-in users at once whatever screen they are on. The platform administrator's
 * sockets join neither: they write them.
 *
 * These rooms are the "announcement node's namespace" of the specification, on the app's own socket.io
 * server; when announcement nodes are managed (/admin/servers/nodes), the same rooms move to the node's
 * namespace and only the emitting side changes.
 */

export const ANNOUNCEMENT_ALL_ROOM = 'announcements:all';

export function announcementCompanyRoom(companyId: number): string {
  return `c:${companyId}:announcements`;
}

/** The rooms a signed-in user's socket joins. */
export function announcementRoomsOf(auth: { companyId: number | null }): string[] {
  return auth.companyId === null ? [] : [announcementCompanyRoom(auth.companyId), ANNOUNCEMENT_ALL_ROOM];
}

/** The rooms of an announcement's readers: its company's, every company's, or the chosen ones'. */
export function roomsOfAnnouncement(row: { companyId: number | null; audience: string; companyIds: number[] }): string[] {
  if (row.companyId !== null) return [announcementCompanyRoom(row.companyId)];
  if (row.audience === 'all') return [ANNOUNCEMENT_ALL_ROOM];
  return row.companyIds.map(announcementCompanyRoom);
}
