import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CompanyOwnedTable } from './company-scope';

/**
 * The tables built by `entityTable`, by entity name. A module of its own, without imports: the schema
 * builds the entity tables while entity-table.ts may still be loading (schema ↔ entity tables import each
 * other), and a map declared there would not exist yet.
 */
export type EntityTable = CompanyOwnedTable & {
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  deletedAt?: AnyPgColumn;
} & Record<string, AnyPgColumn>;

export const entityTables = new Map<string, EntityTable>();
