import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../lib/errors';
import type { Database } from './client';

/** Any table owned by a company: it has `company_id` (and, for `findById`, an `id`). */
export type CompanyOwnedTable = PgTable & { companyId: AnyPgColumn; id: AnyPgColumn };

type Row<T extends CompanyOwnedTable> = T['$inferSelect'];
type NewRow<T extends CompanyOwnedTable> = Omit<T['$inferInsert'], 'companyId' | 'id'>;

/**
 * Tenant isolation in one place (OWASP ASVS 8.4.1). Every read and write on a company-owned table goes
 * through a scope bound to the caller's company, so a route cannot forget the `company_id` condition,
 * and another company's row simply does not exist for it (404, never 403).
 *
 * Routes get theirs from `request.companyScope()` (plugins/company-scope.ts); services and the
 * platform administrator's tools build one with `companyScope(db, companyId)`.
 */
export class CompanyScope {
  constructor(
    readonly db: Database,
    readonly companyId: number,
  ) {}

  /** One transaction with a scope of the same company bound to it. */
  transaction<R>(work: (tx: CompanyScope) => Promise<R>): Promise<R> {
    return this.db.transaction((tx) => work(this.boundTo(tx as unknown as Database)));
  }

  /** The same scope over another connection (a transaction's). */
  boundTo(db: Database): CompanyScope {
    return new CompanyScope(db, this.companyId);
  }

  /** `company_id = <scope>` and any extra conditions; use in hand-written queries and joins. */
  where(table: CompanyOwnedTable, ...conditions: (SQL | undefined)[]): SQL {
    return and(eq(table.companyId, this.companyId), ...conditions) as SQL;
  }

  /** All rows of the table in this company matching the conditions. */
  async findMany<T extends CompanyOwnedTable>(table: T, ...conditions: (SQL | undefined)[]): Promise<Row<T>[]> {
    const rows = await this.db
      .select()
      .from(table as PgTable)
      .where(this.where(table, ...conditions));
    return rows as Row<T>[];
  }

  /** One row by id in this company; another company's id answers 404 like a missing one. */
  async findById<T extends CompanyOwnedTable>(table: T, id: number): Promise<Row<T>> {
    const [row] = await this.findMany(table, eq(table.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** Inserts rows stamped with this company; callers cannot choose another company. */
  async insert<T extends CompanyOwnedTable>(table: T, values: NewRow<T> | NewRow<T>[]): Promise<Row<T>[]> {
    const list = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, companyId: this.companyId }));
    const rows = await this.db
      .insert(table as PgTable)
      .values(list as never)
      .returning();
    return rows as Row<T>[];
  }

  /** Updates matching rows of this company; `companyId` in `changes` is ignored so rows never move. */
  async update<T extends CompanyOwnedTable>(
    table: T,
    changes: Partial<NewRow<T>>,
    ...conditions: (SQL | undefined)[]
  ): Promise<Row<T>[]> {
    const { companyId: _ignored, ...safe } = changes as Record<string, unknown>;
    const rows = await this.db
      .update(table as PgTable)
      .set(safe as never)
      .where(this.where(table, ...conditions))
      .returning();
    return rows as Row<T>[];
  }

  /** Deletes matching rows of this company and answers how many went. */
  async delete(table: CompanyOwnedTable, ...conditions: (SQL | undefined)[]): Promise<number> {
    const rows = await this.db
      .delete(table as PgTable)
      .where(this.where(table, ...conditions))
      .returning();
    return rows.length;
  }
}

export const companyScope = (db: Database, companyId: number) => new CompanyScope(db, companyId);
