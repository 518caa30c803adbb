/**
 * The rows of a hand-written statement (`db.execute(sql…)`), whichever driver ran it: node-postgres and
 * PGlite both answer `{ rows }`. For statements the query builder cannot say (a MATERIALIZED CTE with
 * FOR UPDATE SKIP LOCKED, jsonb_to_recordset) or whose rows are too many to map through it.
 */
export const statementRows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
