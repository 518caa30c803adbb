/**
 * One room per company and extension. Extension numbers repeat across companies (Demo's 1001 and
 * Acme's 1001 are different phones), so the company is part of the name and their events never meet.
 */
export function extensionRoom(companyId: number | string, extension: string): string {
  return `c:${companyId}:ext:${extension}`;
}

/**
 * Every socket of one user (user ids are unique across companies): told when a manager changes the
 * user, so the menus and rights follow without a new sign-in.
 */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/** Every socket of one login (refresh-token family): closed the moment that login is revoked. */
export function familyRoom(familyId: string): string {
  return `family:${familyId}`;
}
