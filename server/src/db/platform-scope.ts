import { and, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { CompanyScope, type CompanyOwnedTable } from './company-scope';

/**
 * The scope of the platform's own tables (the servers of docs/servers.md): they belong to no company,
 * so nothing narrows a query to one and nothing is stamped on insert. Only the platform administrator's
 * routes build one (admin only); it lets the resource mechanism (ResourceRepository, registered routes)
 * serve a platform-owned entity as it serves a company's. Never use it on a company-owned table.
 */
export class PlatformScope extends CompanyScope {
  constructor(db: Database) {
    // No company has id 0; the inherited company condition is never used (`where` is overridden).
    super(db, 0);
  }

  override boundTo(db: Database): PlatformScope {
    return new PlatformScope(db);
  }

  override where(_table: CompanyOwnedTable, ...conditions: (SQL | undefined)[]): SQL {
    return and(...conditions) ?? sql`true`;
  }

  override async insert<T extends CompanyOwnedTable>(table: T, values: Record<string, unknown> | Record<string, unknown>[]): Promise<T['$inferSelect'][]> {
    const rows = await this.db
      .insert(table as PgTable)
      .values((Array.isArray(values) ? values : [values]) as never)
      .returning();
    return rows as T['$inferSelect'][];
  }
}

export const platformScope = (db: Database) => new PlatformScope(db);
