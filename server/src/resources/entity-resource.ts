import { and, eq, gte, ilike, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AnyEntity } from '../../../src/api/entities/define-entity';
import { secretFieldsOf, type FieldSpec } from '../../../src/api/entities/entity-fields';
import type { CompanyScope } from '../db/company-scope';
import { tableOfEntity, type EntityTable } from '../db/entity-table';
import { users } from '../db/schema';
import { FieldValidationError } from '../lib/errors';
import type { MessageId } from '../lib/i18n';
import { newOpaqueToken, sha256Hex } from '../lib/tokens';
import { phoneSearchDigits } from '../lib/phone';
import { escapeLike } from '../routes/members/member-search';
import { removeEntityFiles, saveEntityFile } from '../services/files/entity-files';
import { inspectFile, type InspectedFile } from '../services/files/file-types';
import { entityExportSheet } from './entity-export';
import { uploadedBytes } from './entity-uploads';
import type { AnyServerResource, ServerResource, UniqueField } from './resource-definition';

/**
 * The server half of an entity, derived from its fields (docs/resources.md "Entities"): rows and records
 * share their keys, so toRecord and toValues are the same for every entity; sort columns, search, filters,
 * unique checks and reference checks follow the field kinds. What an entity does beyond that comes in
 * `parts`, merged over the derived definition (server/src/resources/entity-parts.ts).
 */

type Row = Record<string, unknown> & { id: number; createdAt: Date; updatedAt: Date };

/** The first moment of a calendar day (YYYY-MM-DD) in Asia/Seoul, `plusDays` later. */
const seoulMidnight = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000);
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
/** PostgreSQL answers timestamptz text in its own format; records carry ISO 8601. */
const isoText = (value: unknown) => (typeof value === 'string' ? new Date(value).toISOString() : iso(value));

function recordValue(field: FieldSpec, value: unknown): unknown {
  if (value === null || value === undefined) return field.empty;
  return field.column === 'timestamptz' ? isoText(value) : value;
}

function searchOf(entity: AnyEntity, table: EntityTable): ((term: string) => SQL | undefined) | undefined {
  const searched = Object.entries(entity.fields as Record<string, FieldSpec>).filter(([, f]) => f.search);
  if (searched.length === 0) return undefined;
  return (term) => {
    const digits = phoneSearchDigits(term);
    const conditions = searched.map(([name, field]) => {
      if (field.kind === 'phone') return digits ? like(table[name]!, `%${escapeLike(digits)}%`) : undefined;
      return ilike(table[name]!, `%${escapeLike(term)}%`);
    });
    return or(...conditions.filter((c): c is SQL => c !== undefined)) ?? sql`false`;
  };
}

/** The company's records a field points at must exist in the company (another company's id is "invalid"). */
async function checkReferences(entity: AnyEntity, scope: CompanyScope, values: Record<string, unknown>): Promise<void> {
  const problems: Record<string, MessageId[]> = {};
  for (const [name, field] of Object.entries(entity.fields as Record<string, FieldSpec>)) {
    const value = values[name];
    const ids = field.kind === 'users' ? (value as number[]) : value;
    if (ids === null || ids === undefined || (Array.isArray(ids) && ids.length === 0)) continue;
    const wanted = Array.isArray(ids) ? [...new Set(ids as number[])] : [ids as number];
    let target: EntityTable | typeof users | null = null;
    if (field.kind === 'user' || field.kind === 'users') target = users;
    else if (field.kind === 'reference' && field.references) target = tableOfEntity(field.references);
    else if (field.kind === 'sound_file') target = tableOfEntity('sound-file');
    if (!target) continue;
    const live = 'deletedAt' in target && target.deletedAt ? isNull(target.deletedAt as AnyPgColumn) : undefined;
    const found = await scope.db
      .select({ id: target.id })
      .from(target)
      .where(and(scope.where(target as EntityTable, inArray(target.id, wanted)), live));
    if (found.length !== wanted.length) problems[name] = ['validation.reference_invalid'];
  }
  if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
}

/** Uploads checked by `fileValues`, kept for `afterWrite` in the same request. */
const inspectedUploads = new WeakMap<File, { bytes: Buffer; inspected: InspectedFile }>();

/**
 * The columns a file field's upload sets (docs/resources.md "File fields"): the field's `{ name, size,
 * type }` and the facts read from the file (`fileFactField`). The content must be one of the accepted
 * types (a WAV renamed .mp3 is refused with the field's type message). No file (an update without one)
 * sets nothing, so the stored file stays.
 */
function fileValues(fields: [string, FieldSpec][], name: string, field: FieldSpec, value: unknown): Record<string, unknown> {
  if (!(value instanceof File)) return {};
  const bytes = uploadedBytes(value);
  if (!bytes) throw new FieldValidationError({ [name]: ['validation.file_expected'] });
  const inspected = inspectFile(bytes, field.file!.accept);
  if (!inspected) throw new FieldValidationError({ [name]: [field.file!.typeMessage as MessageId] });
  inspectedUploads.set(value, { bytes, inspected });
  const values: Record<string, unknown> = { [name]: { name: value.name, size: bytes.length, type: inspected.contentType } };
  for (const [factName, fact] of fields) {
    if (fact.fromFile?.field !== name) continue;
    const kind = fact.fromFile.fact;
    values[factName] = kind === 'name' ? value.name : kind === 'size' ? bytes.length : (inspected.facts[kind] ?? null);
  }
  return values;
}

/**
 * A new secret per secret field (docs/resources.md "Secrets"): its SHA-256 is stored, as refresh tokens
 * and company API keys are; the secret itself goes only into store's answer.
 */
function generateSecrets(names: readonly string[]): { values: Record<string, unknown>; reveal: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  const reveal: Record<string, unknown> = {};
  for (const name of names) {
    const secret = newOpaqueToken();
    values[name] = sha256Hex(secret);
    reveal[name] = secret;
  }
  return { values, reveal };
}

/** A derived definition for `entity`, with `parts` over it. */
export function entityResource(entity: AnyEntity, parts: Partial<AnyServerResource> = {}): AnyServerResource {
  const table = tableOfEntity(entity.name);
  const fields = Object.entries(entity.fields as Record<string, FieldSpec>);
  const writable = fields.filter(([, f]) => !f.readOnly && f.kind !== 'file');
  const files = fields.filter(([, f]) => f.kind === 'file' && f.file);
  const secrets = secretFieldsOf(entity.fields as Record<string, FieldSpec>);
  const sortColumns: Record<string, AnyPgColumn> = { id: table.id, created_at: table.createdAt, updated_at: table.updatedAt };
  for (const [name, field] of fields) if (field.sort) sortColumns[name] = table[name]!;

  const filters: Record<string, (value: unknown) => SQL | undefined> = {};
  for (const [name, field] of fields) {
    if (!field.filter) continue;
    filters[name] = field.column === 'jsonb' ? (value) => sql`${table[name]} @> ${JSON.stringify([value])}::jsonb` : (value) => eq(table[name]!, value);
  }
  // periodFilter: whole days in Asia/Seoul on when the record was written (date_to includes its day).
  if (entity.periodFilter) {
    filters.date_from = (day) => gte(table.createdAt, seoulMidnight(day as string));
    filters.date_to = (day) => lt(table.createdAt, seoulMidnight(day as string, 1));
  }

  const unique: UniqueField<EntityTable>[] = fields
    .filter(([, f]) => f.unique)
    .map(([name, f]) => ({ field: name, column: table[name]!, messageId: f.unique as MessageId, valueOf: (values) => (values as Record<string, unknown>)[name] }));

  const derived: ServerResource<AnyEntity['contract'], EntityTable> = {
    contract: entity.contract,
    table,
    toRecord: (row) => {
      const source = row as unknown as Row;
      const record: Record<string, unknown> = { id: source.id };
      for (const [name, field] of fields) if (!field.serverOnly) record[name] = recordValue(field, source[name]);
      record.created_at = iso(source.createdAt);
      record.updated_at = iso(source.updatedAt);
      return record;
    },
    toValues: (input) => {
      const values = Object.fromEntries(writable.map(([name]) => [name, (input as Record<string, unknown>)[name]]));
      for (const [name, field] of files) Object.assign(values, fileValues(fields, name, field, (input as Record<string, unknown>)[name]));
      return values;
    },
    ...(files.length > 0
      ? {
          afterWrite: async (scope: CompanyScope, row: unknown, input: unknown) => {
            for (const [name] of files) {
              const upload = inspectedUploads.get((input as Record<string, File>)[name]!);
              if (!upload) continue;
              const recordId = (row as { id: number }).id;
              await saveEntityFile(scope, { entity: entity.name, recordId, field: name, contentType: upload.inspected.contentType, bytes: upload.bytes });
            }
          },
        }
      : {}),
    ...(secrets.length > 0 ? { generateOnCreate: () => generateSecrets(secrets) } : {}),
    sortColumns,
    ...(entity.contract.searchable ? { search: searchOf(entity, table)! } : {}),
    filters,
    unique,
    validate: (scope, values) => checkReferences(entity, scope, values as Record<string, unknown>),
    ...(table.deletedAt ? { softDelete: table.deletedAt } : {}),
    exportSheet: (records, language) => entityExportSheet(entity, records as Record<string, unknown>[], language),
  };
  const validate = parts.validate;
  // Files go with their record, before the entity's own delete cascades.
  const removeFiles = async (scope: CompanyScope, row: { id: number }) => removeEntityFiles(scope, entity.name, row.id);
  const onDelete = files.length > 0 ? [removeFiles, ...(parts.onDelete ?? [])] : parts.onDelete;
  return {
    ...derived,
    ...parts,
    ...(onDelete ? { onDelete } : {}),
    // An entity's own checks come after the derived ones, never instead of them.
    validate: async (scope, values, existing, caller) => {
      await derived.validate!(scope, values, existing);
      await validate?.(scope, values, existing, caller);
    },
  };
}
