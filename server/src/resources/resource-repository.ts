import { and, count, eq, getTableColumns, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  ALL_RECORDS_LIMIT,
  lastPageOf,
  type AnyResourceContract,
  type Page,
  type ParsedInputOf,
  type RecordOf,
} from '../../../src/api/resources/resource-contract';
import type { Database } from '../db/client';
import type { CompanyScope, CompanyOwnedTable } from '../db/company-scope';
import { takeSettingsLock } from '../db/settings-lock';
import { FieldValidationError, notFound } from '../lib/errors';
import { isUniqueViolation } from './db-errors';
import { listConditions, listOrder, pagingOf, type ParsedListQuery } from './list-query';
import type { Caller, RowOf, ServerResource, WritableValues, WriteChange } from './resource-definition';

/**
 * Generic data access for one resource within one company (Infisical's per-table data-access helper).
 * Every query goes through the company scope, so another company's row does not exist here (404).
 * Writes run in one transaction with their checks and cascades: a rename either updates every record
 * that used the old name or nothing at all.
 */
export class ResourceRepository<C extends AnyResourceContract, T extends CompanyOwnedTable> {
  /** `caller` is who is asking, for the definition's visibility; without it every live row is seen. */
  constructor(
    private readonly definition: ServerResource<C, T>,
    private readonly scope: CompanyScope,
    private readonly caller?: Caller,
  ) {}

  private get table(): T {
    return this.definition.table;
  }

  /** What every read and write is narrowed to: rows not deleted, and those the caller may see. */
  private get seen(): (SQL | undefined)[] {
    const { softDelete, visibility } = this.definition;
    return [softDelete ? isNull(softDelete) : undefined, visibility && this.caller ? visibility(this.caller) : undefined];
  }

  /** One page of records (CONTRACT §3); `extra` narrows it further (e.g. one company name). */
  async page(query: ParsedListQuery, ...extra: (SQL | undefined)[]): Promise<Page<RecordOf<C>>> {
    const { page, perPage } = pagingOf(query);
    const where = this.scope.where(this.table, ...this.seen, ...listConditions(this.definition, query, this.caller), ...extra);
    const [counted] = await this.scope.db
      .select({ n: count() })
      .from(this.table as PgTable)
      .where(where);
    const total = Number(counted?.n ?? 0);
    const rows = await this.scope.db
      .select()
      .from(this.table as PgTable)
      .where(where)
      .orderBy(...listOrder(this.definition, query))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return {
      data: await this.toRecords(this.scope, rows as RowOf<T>[]),
      current_page: page,
      per_page: perPage,
      total,
      last_page: lastPageOf(total, perPage),
    };
  }

  /** Every matching record, sorted, up to ALL_RECORDS_LIMIT (`truncated` says when there were more). */
  async all(query: ParsedListQuery, ...extra: (SQL | undefined)[]): Promise<{ data: RecordOf<C>[]; truncated: boolean }> {
    const { records, truncated } = await this.upTo(ALL_RECORDS_LIMIT, query, ...extra);
    return { data: records, truncated };
  }

  /** Every matching record in the list's order, up to `limit` (an export's rows). */
  async upTo(limit: number, query: ParsedListQuery, ...extra: (SQL | undefined)[]): Promise<{ records: RecordOf<C>[]; truncated: boolean }> {
    const rows = (await this.scope.db
      .select()
      .from(this.table as PgTable)
      .where(this.scope.where(this.table, ...this.seen, ...listConditions(this.definition, query, this.caller), ...extra))
      .orderBy(...listOrder(this.definition, query))
      .limit(limit + 1)) as RowOf<T>[];
    return { records: await this.toRecords(this.scope, rows.slice(0, limit)), truncated: rows.length > limit };
  }

  async getRow(id: number): Promise<RowOf<T>> {
    return this.findIn(this.scope, id);
  }

  /** One row the caller sees; anything else (another company's, deleted, not visible) is a 404. */
  private async findIn(scope: CompanyScope, id: number): Promise<RowOf<T>> {
    const [row] = await scope.findMany(this.table, eq(this.table.id, id), ...this.seen);
    if (!row) throw notFound();
    return row;
  }

  async get(id: number): Promise<RecordOf<C>> {
    return this.toRecord(this.scope, await this.getRow(id));
  }

  /**
   * The caller (the repository's) is who is asking, for the definition's `stampOnCreate` (e.g. the
   * consultation's agent). The answer is the record plus what `generateOnCreate` reveals once (an API key's secret).
   */
  async create(input: ParsedInputOf<C>): Promise<RecordOf<C>> {
    return (await this.createChange(input)).record;
  }

  /** `create`, answering the row written too (for the definition's `afterCommit`). */
  async createChange(input: ParsedInputOf<C>): Promise<{ record: RecordOf<C>; change: WriteChange<T> }> {
    const stamped = this.caller && this.definition.stampOnCreate ? this.definition.stampOnCreate(this.caller) : {};
    const generated = this.definition.generateOnCreate?.();
    const values = { ...this.definition.toValues(input), ...stamped, ...generated?.values };
    return this.inTransaction(async (scope) => {
      await this.check(scope, values);
      const derived = this.definition.deriveOnWrite?.(values) ?? {};
      const [row] = await scope.insert(this.table, { ...values, ...derived } as never);
      const change: WriteChange<T> = { after: row as RowOf<T>, ...(this.caller ? { caller: this.caller } : {}) };
      await this.definition.afterWrite?.(scope, row as RowOf<T>, input, change);
      const record = await this.toRecord(scope, row as RowOf<T>);
      return { record: generated ? { ...record, ...generated.reveal } : record, change };
    });
  }

  async update(id: number, input: ParsedInputOf<C>): Promise<RecordOf<C>> {
    return (await this.updateChange(id, input)).record;
  }

  /** `update`, answering the rows before and after too (for the definition's `afterCommit`). */
  async updateChange(id: number, input: ParsedInputOf<C>): Promise<{ record: RecordOf<C>; change: WriteChange<T> }> {
    const values = this.definition.toValues(input);
    return this.inTransaction(async (scope) => {
      const before = await this.findIn(scope, id);
      await this.check(scope, values, before);
      const derived = this.definition.deriveOnWrite?.(values, before) ?? {};
      const written = { ...values, ...derived };
      const changes = 'updatedAt' in getTableColumns(this.table as PgTable) ? { ...written, updatedAt: new Date() } : written;
      const [after] = await scope.update(this.table, changes as never, eq(this.table.id, id));
      const change: WriteChange<T> = { before, after: after as RowOf<T>, ...(this.caller ? { caller: this.caller } : {}) };
      await this.definition.afterWrite?.(scope, after as RowOf<T>, input, change);
      await this.cascadeRename(scope, before, after as RowOf<T>);
      return { record: await this.toRecord(scope, after as RowOf<T>), change };
    });
  }

  /** Deletes (or marks deleted) the row and answers it as it was. */
  async remove(id: number): Promise<RowOf<T>> {
    return this.inTransaction(async (scope) => {
      const row = await this.findIn(scope, id);
      for (const cascade of this.definition.onDelete ?? []) await cascade(scope, row, this.caller);
      const { softDelete } = this.definition;
      const gone = softDelete
        ? (await scope.update(this.table, { [keyOfColumn(this.table, softDelete)]: new Date() } as never, eq(this.table.id, id), isNull(softDelete))).length
        : await scope.delete(this.table, eq(this.table.id, id));
      if (gone === 0) throw notFound();
      return row;
    });
  }

  /** A row as the API answers it (after an entity's own write). */
  present(row: RowOf<T>): Promise<RecordOf<C>> {
    return this.toRecord(this.scope, row);
  }

  /** Row → answered record, with what `enrich` adds (one row is a page of one). */
  private async toRecord(scope: CompanyScope, row: RowOf<T>): Promise<RecordOf<C>> {
    const [record] = await this.toRecords(scope, [row]);
    return record as RecordOf<C>;
  }

  private async toRecords(scope: CompanyScope, rows: RowOf<T>[]): Promise<RecordOf<C>[]> {
    const records = rows.map(this.definition.toRecord);
    return this.definition.enrich && records.length > 0 ? this.definition.enrich(scope, records) : records;
  }

  private async cascadeRename(scope: CompanyScope, before: RowOf<T>, after: RowOf<T>): Promise<void> {
    const field = this.definition.contract.renameField;
    if (!field) return;
    const from = (this.definition.toRecord(before) as Record<string, unknown>)[field];
    const to = (this.definition.toRecord(after) as Record<string, unknown>)[field];
    if (typeof from !== 'string' || typeof to !== 'string' || from === to) return;
    for (const cascade of this.definition.onRename ?? []) await cascade(scope, from, to, { before, after });
  }

  /** Unique fields (names regardless of case: "vip" beside "VIP" is a second VIP), then the definition's own checks; both answer 422 under the field. */
  private async check(scope: CompanyScope, values: WritableValues<T>, existing?: RowOf<T>): Promise<void> {
    for (const unique of this.definition.unique ?? []) {
      const value = unique.valueOf(values);
      if (value === undefined) continue;
      const others = existing ? ne(this.table.id, (existing as { id: number }).id) : undefined;
      const within = (unique.alsoMatch ?? []).map((also) => eq(also.column, also.valueOf(values)));
      const [clash] = await scope.db
        .select({ id: this.table.id })
        .from(this.table as PgTable)
        .where(scope.where(this.table, and(sameValue(unique.column, value), others, ...within)))
        .limit(1);
      if (clash) throw new FieldValidationError({ [unique.field]: [unique.messageId] });
    }
    await this.definition.validate?.(scope, values, existing, this.caller);
  }

  /**
   * A transaction with a scope bound to it, holding the definition's settings lock; a unique-index race
   * still answers 422, not 500.
   */
  private async inTransaction<R>(work: (scope: CompanyScope) => Promise<R>): Promise<R> {
    try {
      return await this.scope.db.transaction(async (tx) => {
        const scope = this.scope.boundTo(tx as unknown as Database);
        if (this.definition.settingsLock) await takeSettingsLock(scope, this.definition.settingsLock);
        return work(scope);
      });
    } catch (error) {
      const unique = this.definition.uniqueViolation ?? this.definition.unique?.[0];
      if (unique && isUniqueViolation(error)) throw new FieldValidationError({ [unique.field]: [unique.messageId] });
      throw error;
    }
  }
}

/** Equal, or for text equal regardless of case: names people tell apart only by case are one name. */
function sameValue(column: AnyPgColumn, value: unknown): SQL {
  return typeof value === 'string' ? sql`lower(${column}) = lower(${value})` : eq(column, value);
}

/** The table's own (TypeScript) name of one of its columns, as writes through drizzle are keyed. */
function keyOfColumn(table: CompanyOwnedTable, column: AnyPgColumn): string {
  const found = Object.entries(getTableColumns(table as PgTable)).find(([, candidate]) => candidate === column);
  if (!found) throw new Error(`column ${column.name} is not a column of this table`);
  return found[0];
}
