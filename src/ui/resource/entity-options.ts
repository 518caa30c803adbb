import useSWR from 'swr';
import type { UserExtension } from '../../api/contracts/user-actions.contract';
import type { AnyEntity } from '../../api/entities/define-entity';
import { ENTITIES } from '../../api/entities/entity-catalogue';
import type { FieldKind, FieldSpec } from '../../api/entities/entity-fields';
import type { ApiError } from '../../api/errors';
import { postParsed } from '../../api/post-parsed';
import { allKey } from '../../api/resources/resource-keys';
import { useUserExtensions } from '../../api/resources/user-api';
import type { ApiKey } from '../../api/swr';
import { useDirectoryAccess } from './directory-access';

/**
 * Where the pickers and cells of entity fields get their choices: the company's users and extensions
 * (`users/extensions`), and the records of another entity of the catalogue (its `POST <path>`, every
 * record). Each is one SWR key, so a page of cells naming the same category asks once.
 */

/** The entity of the catalogue whose API path is `path`. */
export const entityAt = (path: string | undefined): AnyEntity | undefined => (path ? ENTITIES.find((entity) => entity.path === path) : undefined);

/** Kinds whose value names a record in a few words (a title, a number): the first one describes it. */
const NAMING_KINDS: readonly FieldKind[] = ['text', 'phone', 'digits', 'extension', 'textarea'];

/** The field that names an entity's records in pickers, confirmations and cells. */
export function namingField(entity: AnyEntity): string | undefined {
  const fields = Object.entries(entity.fields as Record<string, FieldSpec>).filter(([, field]) => !field.serverOnly);
  return (fields.find(([, field]) => NAMING_KINDS.includes(field.kind) && field.kind !== 'textarea') ?? fields.find(([, field]) => field.kind === 'textarea'))?.[0];
}

/** A record in a few words: its naming field, else its id. */
export function describeRecord(entity: AnyEntity, record: Record<string, unknown>): string {
  const name = namingField(entity);
  const value = name ? record[name] : undefined;
  return typeof value === 'string' && value !== '' ? value : `#${String(record.id)}`;
}

export interface EntityRecords {
  entity: AnyEntity | undefined;
  records: readonly Record<string, unknown>[];
  /** Still loading; the choices are not known yet. */
  loading: boolean;
  /** The records cannot be listed: no such entity yet, no `routes.all`, or the server refused. */
  unavailable: boolean;
  error: ApiError | undefined;
}

/** Every record of the entity at `path` (a reference's choices), or nothing while it does not exist. */
export function useEntityRecords(path: string | undefined): EntityRecords {
  const entity = entityAt(path);
  const listable = Boolean(entity?.contract.routes?.all);
  const { data, error, isLoading } = useSWR(listable ? allKey(entity!.contract) : null, ([route, body]: ApiKey) =>
    postParsed(route, body, (answer) => entity!.contract.record.array().parse((answer as { data: unknown }).data) as Record<string, unknown>[]),
  );
  return { entity, records: data ?? [], loading: isLoading, unavailable: !listable || Boolean(error), error };
}

export interface CompanyUsers {
  users: readonly UserExtension[];
  loading: boolean;
  /** The list cannot be had (it is the managers'; an agent sees ids). */
  unavailable: boolean;
}

/** The company's live users and the extension each holds, when the user may read them (directory-access.ts). */
export function useCompanyUsers(): CompanyUsers {
  const allowed = useDirectoryAccess();
  const { data, error, isLoading } = useUserExtensions(allowed);
  return { users: data ?? [], loading: isLoading, unavailable: !allowed || Boolean(error) };
}

export interface CompanyExtension {
  number: string;
  /** Who holds it. */
  holder: string;
}

/** The company's extensions: the ones its users hold, by number. */
export function useCompanyExtensions(): { extensions: readonly CompanyExtension[]; loading: boolean; unavailable: boolean } {
  const { users, loading, unavailable } = useCompanyUsers();
  const extensions = users
    .filter((user): user is UserExtension & { extension: string } => user.extension !== null)
    .map((user) => ({ number: user.extension, holder: user.name }))
    .sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
  return { extensions, loading, unavailable };
}
