import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  AnyResourceContract,
  ParsedInputOf,
  RecordOf,
  SortOf,
  WriteOperation,
} from '../../../src/api/resources/resource-contract';
import type { CompanyOwnedTable, CompanyScope } from '../db/company-scope';
import type { SettingsLock } from '../db/settings-lock';
import type { Language } from '../../../src/api/contracts/session.contract';
import type { RequestAuth } from '../plugins/auth';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { MessageId } from '../lib/i18n';
import type { ParsedListQuery } from './list-query';

/**
 * The server half of a resource definition (docs/resources.md). Together with the shared contract it is
 * all `registerResourceRoutes` needs to answer list, all, view, store, update, delete and by-id with
 * schemas, permission checks and company scoping; `ResourceRepository` is the data access behind them.
 */

export type RowOf<T extends CompanyOwnedTable> = T['$inferSelect'];
/** Columns a write may set: never the id or the company (the scope stamps it). */
export type WritableValues<T extends CompanyOwnedTable> = Partial<Omit<T['$inferInsert'], 'id' | 'companyId'>>;

/**
 * Runs inside the write's transaction when the contract's `renameField` changes, with a scope bound to
 * that transaction: updates the records that hold the old value (specification §5). Later entities add
 * theirs here (e.g. consultations that copy a category name). `rows` are the setting before and after,
 * for cascades that need more than the name (a small category is renamed within its big category).
 */
export type RenameCascade<Row = unknown> = (scope: CompanyScope, from: string, to: string, rows: { before: Row; after: Row }) => Promise<void>;

/** Runs inside the delete's transaction before the row goes (e.g. remove a group name from members). */
export type DeleteCascade<T extends CompanyOwnedTable> = (scope: CompanyScope, row: RowOf<T>, caller?: Caller) => Promise<void>;

/** What a create or update changed: the row before (update only) and after, and who asked. */
export interface WriteChange<T extends CompanyOwnedTable> {
  before?: RowOf<T>;
  after: RowOf<T>;
  caller?: Caller;
}

/** A field whose value must be unique within the company; a clash is a 422 under that field. */
export interface UniqueField<T extends CompanyOwnedTable> {
  field: string;
  column: AnyPgColumn;
  messageId: MessageId;
  valueOf: (values: WritableValues<T>) => unknown;
  /** Unique only among rows that also match these (a small category name within its big category). */
  alsoMatch?: readonly { column: AnyPgColumn; valueOf: (values: WritableValues<T>) => unknown }[];
}

export interface ServerResource<C extends AnyResourceContract, T extends CompanyOwnedTable> {
  contract: C;
  table: T;
  /** Row (camelCase) → answered record (snake_case, the contract's `record`). */
  toRecord: (row: RowOf<T>) => RecordOf<C>;
  /** Parsed input → columns. Normalisation happens here, once, on write (e.g. phone numbers). */
  toValues: (input: ParsedInputOf<C>) => WritableValues<T>;
  /**
   * Columns the server sets on create from who is asking, never from the body (a consultation's
   * author). Applied after `toValues`, so a body cannot override them.
   */
  stampOnCreate?: (caller: Caller) => WritableValues<T>;
  /** A column for every sort field of the contract; ties are broken by id. */
  sortColumns: Record<SortOf<C>, AnyPgColumn>;
  /** The condition for `search`; leave out when the contract is not searchable. */
  search?: (term: string) => SQL | undefined;
  /** The condition for each filter of the contract; `caller` for filters that mean "mine". */
  filters: { [K in keyof C['filters']]: (value: z.infer<C['filters'][K]>, caller?: Caller) => SQL | undefined };
  unique?: readonly UniqueField<T>[];
  /**
   * Checks that need the database (names that must exist in the settings...). Throw a
   * FieldValidationError; runs in the write's transaction, `existing` is set on update, `caller` is who
   * is asking when the request says (an agent may issue an API key for themselves only).
   */
  validate?: (scope: CompanyScope, values: WritableValues<T>, existing?: RowOf<T>, caller?: Caller) => Promise<void>;
  /**
   * Store only: columns the server makes up (a secret's hash) and what store's answer alone carries
   * beside the record (the secret itself, shown once: the contract's `createdRecord`). Called once per
   * store, before the insert; entities get it derived from their secret fields (docs/resources.md "Secrets").
   */
  generateOnCreate?: () => { values: WritableValues<T>; reveal: Record<string, unknown> };
  /**
   * Runs in the write's transaction after the row is inserted or updated, with the parsed input: what is
   * stored beside the row (an entity's uploaded files, docs/resources.md "File fields").
   */
  afterWrite?: (scope: CompanyScope, row: RowOf<T>, input: ParsedInputOf<C>, change?: WriteChange<T>) => Promise<void>;
  /**
   * Columns the server derives from the others on every create and update (a forwarding's `live`), given
   * the values about to be written and, on update, the row as it was. Applied after the checks.
   */
  deriveOnWrite?: (values: WritableValues<T>, existing?: RowOf<T>) => WritableValues<T>;
  /**
   * After a store's or update's transaction has committed: effects outside the database (a forwarding
   * applied to the PBX). Best effort, like `afterDelete`.
   */
  afterCommit?: (app: FastifyInstance, change: WriteChange<T>) => Promise<void>;
  /**
   * The field and message a unique-index race is reported under, when it is not `unique[0]`'s (a partial
   * index the `validate` checks mirror: one open callback per number).
   */
  uniqueViolation?: { field: string; messageId: MessageId };
  /** Taken first in every write's transaction, so a check against the settings holds until commit. */
  settingsLock?: SettingsLock;
  onRename?: readonly RenameCascade<RowOf<T>>[];
  onDelete?: readonly DeleteCascade<T>[];
  /**
   * After the delete route's transaction has committed, with the removed row: effects outside the
   * database (disconnecting the sockets of the logins a revoked API key started). Best effort: what must
   * hold belongs in `onDelete`, in the transaction.
   */
  afterDelete?: (app: FastifyInstance, row: RowOf<T>) => Promise<void>;
  /**
   * Adds what a row alone cannot tell (names of related rows: a consultation's agent and member) to
   * records about to be answered, in one query per relation for a whole page rather than one per row.
   */
  enrich?: (scope: CompanyScope, records: RecordOf<C>[]) => Promise<RecordOf<C>[]>;
  /**
   * Which rows the caller sees (an agent their own, a shared permission more): applied by the repository
   * to every list, view, update and delete, so a row outside it answers 404 like another company's.
   */
  visibility?: (caller: Caller) => SQL | undefined;
  /** Deleting sets this column (`deleted_at`) instead of removing the row; rows with it set are gone. */
  softDelete?: AnyPgColumn;
  /**
   * The export's sheet (`GET <path>/export`, when the contract has `export`): headers in the caller's
   * language and a row of cells per record. Entities get one derived from their fields.
   */
  exportSheet?: (records: RecordOf<C>[], language: Language) => Promise<ExportSheet> | ExportSheet;
  /**
   * An export that reads its rows itself, instead of `exportSheet` over at most EXPORT_LIMIT records:
   * members and consultations (up to 100,000 rows, in chunks, in the company's columns and custom fields,
   * so the file imports again), users. Gets the list's search, filters and sort, and this definition
   * (for its list conditions and order).
   */
  exportQuery?: (scope: CompanyScope, list: ParsedListQuery, language: Language, definition: ServerResource<C, T>) => Promise<ExportSheet>;
  /** The export's file name before its date (`members` → `members-20261127-0930.xlsx`). @default the entity */
  exportFileName?: string;
  /**
   * Writes the contract offers whose routes the resource registers itself in `routes` (users: a photo in
   * a multipart store, a password hashed, the PBX directory and sessions told): the generic route is left out.
   */
  ownRoutes?: readonly WriteOperation[];
  /** More routes of the entity (static paths win over `<path>/{id}`), registered beside the derived ones. */
  routes?: FastifyPluginAsync;
}

/** Who is asking, as visibility rules need it. */
export type Caller = Pick<RequestAuth, 'userId' | 'role' | 'permissions' | 'companyPermissions' | 'companyId' | 'extension'>;

export interface ExportSheet {
  sheetName: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

/** Keeps the contract's and the table's types together; the definition itself is plain data. */
export function defineServerResource<C extends AnyResourceContract, T extends CompanyOwnedTable>(
  definition: ServerResource<C, T>,
): ServerResource<C, T> {
  return definition;
}

// Any definition, for code that only routes requests to it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServerResource = ServerResource<any, any>;
