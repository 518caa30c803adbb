/** The most rows one export writes: as many as one import takes, so an export can always go back in. */
export const EXPORT_MAX_ROWS = 100_000;
/** Rows read per query while collecting an export; between pages other requests get the database. */
export const EXPORT_PAGE_ROWS = 5_000;
