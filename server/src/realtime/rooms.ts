/**
 * One room per company and extension. Extension numbers repeat across companies (Demo's 1001 and
 * Acme's 1001 are different phones), so the company is part of the name and their events never meet.
 */
export function extensionRoom(companyId: number | string, extension: string): string {
  return `c:${companyId}:ext:${extension}`;
}
