import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import type { AnyEntity } from '../../../src/api/entities/define-entity';
import type { FieldSpec } from '../../../src/api/entities/entity-fields';
import { entityTables as tables, type EntityTable } from './entity-table-registry';
import { companies, users } from './schema';

export type { EntityTable };

/**
 * The table of an entity, built from its fields (docs/resources.md "Entities"): `id`, `company_id`, a
 * column per field named as the field (a secret's is `<field>_hash`), `created_at`, `updated_at` and,
 * for soft deletes, `deleted_at`.
 * Columns are keyed by the field's own (snake_case) name, so a record and a row share their keys and
 * the generic repository maps them without a table of its own. drizzle-kit reads the exported tables
 * like hand-written ones and writes their migrations.
 */
function columnOf(name: string, field: FieldSpec): PgColumnBuilderBase {
  // A secret is kept only as its SHA-256 (docs/resources.md "Secrets"); the column says so.
  if (field.kind === 'secret') return text(`${name}_hash`).notNull();
  switch (field.column) {
    case 'text':
      return field.empty === null ? text(name) : text(name).notNull().default(String(field.empty));
    case 'integer': {
      // A record of the company it points at; deleting that record empties the field (the repository
      // checks that the record is the company's own on write).
      const target = field.kind === 'user' ? () => users.id : field.kind === 'sound_file' ? () => tableOfEntity('sound-file').id : field.references ? () => tableOfEntity(field.references!).id : null;
      if (target) return integer(name).references(target, { onDelete: 'set null' });
      // A count that is never empty (countField) has its default in the column too.
      return typeof field.empty === 'number' ? integer(name).notNull().default(field.empty) : integer(name);
    }
    case 'double':
      return doublePrecision(name).notNull().default(Number(field.empty ?? 0));
    case 'boolean':
      return boolean(name).notNull().default(Boolean(field.empty));
    case 'date':
      return date(name, { mode: 'string' });
    case 'timestamptz':
      return timestamp(name, { withTimezone: true, mode: 'string' });
    case 'jsonb':
      return field.empty === null ? jsonb(name) : jsonb(name).notNull().default(field.empty);
  }
}

/** Builds (once) and remembers the table of an entity; the server finds it again by the entity's name. */
export function entityTable(entity: AnyEntity): EntityTable {
  const known = tables.get(entity.name);
  if (known) return known;
  const fields = Object.entries(entity.fields as Record<string, FieldSpec>);
  const prefix = entity.table;
  const table = pgTable(
    entity.table,
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id')
        .notNull()
        .references(() => companies.id),
      ...Object.fromEntries(fields.map(([name, field]) => [name, columnOf(name, field)])),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
      ...(entity.softDelete ? { deletedAt: timestamp('deleted_at', { withTimezone: true }) } : {}),
    },
    (t) => {
      const columns = t as unknown as Record<string, AnyPgColumn>;
      const live = entity.softDelete ? sql`${columns.deletedAt} is null` : undefined;
      const lookups = fields.filter(([, f]) => f.filter || f.kind === 'phone').map(([name]) => name);
      return [
        index(`${prefix}_company_idx`).on(columns.companyId!),
        // Unique within the company, text regardless of case ("vip" beside "VIP" is one name); a race
        // between two writes ends at this index, which the repository answers with the field's 422.
        ...fields
          .filter(([, f]) => f.unique)
          .map(([name, f]) => {
            const value: SQL | AnyPgColumn = f.column === 'text' ? sql`lower(${columns[name]})` : columns[name]!;
            const unique = uniqueIndex(`${prefix}_${name}_unique`).on(columns.companyId!, value as AnyPgColumn);
            return live ? unique.where(live) : unique;
          }),
        // A secret's hash is found across companies (a sign-in with the key), and is nobody else's.
        ...fields.filter(([, f]) => f.kind === 'secret').map(([name]) => uniqueIndex(`${prefix}_${name}_hash_unique`).on(columns[name]!)),
        ...lookups.filter((name) => !entity.fields[name]?.unique).map((name) => index(`${prefix}_${name}_idx`).on(columns.companyId!, columns[name]!)),
        // Text with fixed choices is checked by the database too, as the hand-written tables do.
        ...fields
          .filter(([, f]) => f.kind === 'enum' && f.options)
          .map(([name, f]) => check(`${prefix}_${name}_check`, sql.raw(`"${name}" in (${f.options!.map((o) => `'${o.replace(/'/g, "''")}'`).join(', ')})`))),
      ];
    },
  ) as unknown as EntityTable;
  tables.set(entity.name, table);
  return table;
}

/** The table of an entity built by `entityTable` (the schema builds every one at import). */
export function tableOfEntity(name: string): EntityTable {
  const table = tables.get(name);
  if (!table) throw new Error(`no table for entity "${name}": add entityTable(...) to server/src/db/schema/entities.ts`);
  return table;
}
