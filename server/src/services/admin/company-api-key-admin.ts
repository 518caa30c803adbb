import { and, asc, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CompanyApiKey } from '../../../../src/api/contracts/management.contract';
import { companyApiKeyContract } from '../../../../src/api/contracts/management.contract';
import { lastPageOf, type Page } from '../../../../src/api/resources/resource-contract';
import type { Database } from '../../db/client';
import { companies, companyApiKeys, type CompanyApiKeyRow } from '../../db/schema';
import { escapeLike } from '../../lib/escape-like';
import { fieldError, notFound } from '../../lib/errors';
import { newOpaqueToken, sha256Hex } from '../../lib/tokens';
import { pagingOf, type ParsedListQuery } from '../../resources/list-query';
import { revokeCompanyApiKeyLogins } from '../session/company-api-keys';
import { findLiveCompany } from './company-users';

/**
 * `management/api-key` (docs/administration.md): the platform administrator lists, issues and revokes
 * company API keys. A key is made as agent API keys are (server/src/resources/entity-resource.ts
 * "Secrets"): 256 random bits, only the SHA-256 kept, the secret answered by store once.
 */

const SORT_COLUMNS: Record<string, AnyPgColumn> = {
  name: companyApiKeys.name,
  company_name: companies.name,
  created_at: companyApiKeys.createdAt,
  last_used_at: companyApiKeys.lastUsedAt,
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toRecord(key: CompanyApiKeyRow, companyName: string): CompanyApiKey {
  return {
    id: key.id,
    company_id: key.companyId,
    company_name: companyName,
    name: key.name,
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
    status: key.revokedAt ? 'revoked' : 'active',
    created_at: key.createdAt.toISOString(),
  };
}

export async function companyApiKeyPage(db: Database, query: ParsedListQuery): Promise<Page<CompanyApiKey>> {
  const conditions: (SQL | undefined)[] = [
    isNull(companies.deletedAt),
    query.company_id === undefined ? undefined : eq(companyApiKeys.companyId, query.company_id as number),
    query.status === 'active' ? isNull(companyApiKeys.revokedAt) : query.status === 'revoked' ? isNotNull(companyApiKeys.revokedAt) : undefined,
    query.search ? ilike(companyApiKeys.name, `%${escapeLike(query.search)}%`) : undefined,
  ];
  const where = and(...conditions);
  const { page, perPage } = pagingOf(query);
  const { defaultSort } = companyApiKeyContract;
  const sortBy = query.sort_by ?? defaultSort.sort_by;
  const direction = (query.sort_order ?? (query.sort_by ? 'asc' : defaultSort.sort_order)) === 'desc' ? desc : asc;
  // Never-used keys last whichever way "last used" is sorted.
  const sortColumn = SORT_COLUMNS[sortBy] ?? companyApiKeys.createdAt;
  const order = [sortBy === 'last_used_at' ? sql`${sortColumn} ${direction === desc ? sql`desc` : sql`asc`} nulls last` : direction(sortColumn), direction(companyApiKeys.id)];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(companyApiKeys).innerJoin(companies, eq(companies.id, companyApiKeys.companyId)).where(where);
  const rows = await db
    .select({ key: companyApiKeys, companyName: companies.name })
    .from(companyApiKeys)
    .innerJoin(companies, eq(companies.id, companyApiKeys.companyId))
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { data: rows.map(({ key, companyName }) => toRecord(key, companyName)), current_page: page, per_page: perPage, total, last_page: lastPageOf(total, perPage) };
}

/** Issues a key for a live company; the answer carries the secret `key`, the only time it is seen. */
export async function issueCompanyApiKey(db: Database, input: { company_id: number; name: string }): Promise<CompanyApiKey & { key: string }> {
  const company = await findLiveCompany(db, input.company_id);
  if (!company) throw fieldError('company_id', 'validation.management_company_unknown');
  const secret = newOpaqueToken();
  const [row] = await db.insert(companyApiKeys).values({ companyId: company.id, name: input.name, keyHash: sha256Hex(secret) }).returning();
  if (!row) throw new Error('company API key not inserted');
  return { ...toRecord(row, company.name), key: secret };
}

/**
 * Revokes a key: the row stays (`revoked_at`, listed as revoked) and no longer signs in; the logins it
 * started end in the same transaction. Revoking a revoked key changes nothing. Answers the record and
 * the families whose sockets to close.
 */
export async function revokeCompanyApiKey(db: Database, id: number): Promise<{ record: CompanyApiKey; families: string[] }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [found] = await tx
      .select({ key: companyApiKeys, companyName: companies.name })
      .from(companyApiKeys)
      .innerJoin(companies, eq(companies.id, companyApiKeys.companyId))
      .where(and(eq(companyApiKeys.id, id), isNull(companies.deletedAt)))
      .limit(1);
    if (!found) throw notFound();
    const [revoked] = await tx
      .update(companyApiKeys)
      .set({ revokedAt: sql`coalesce(${companyApiKeys.revokedAt}, now())` })
      .where(eq(companyApiKeys.id, id))
      .returning();
    const families = await revokeCompanyApiKeyLogins(tx, id);
    return { record: toRecord(revoked ?? found.key, found.companyName), families };
  });
}
