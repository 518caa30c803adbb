/**
 * A list opened from a link that narrows it (the dashboard's numbers: "my answered inbound calls
 * today" opens the inbound details with today, my extension and answered already chosen). The filters
 * travel in the address (`?date_from=…&extension=…`) so the link can be opened in a new tab or shared.
 * Only the names a screen accepts are taken; a value the contract refuses shows the list's own error.
 */

/** The address of `path` with these filters; empty values are left out. */
export function listLink(path: string, filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The filters of the current address among `names`. Read from `window.location` rather than the router,
 * so a list screen keeps working where no router is mounted (its component tests); a list reads it
 * once, when it mounts, as the start of its query.
 */
export function urlListFilters(names: readonly string[], search: string = globalThis.location?.search ?? ''): Record<string, string> {
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}
