import { and, asc, count, desc, eq, ilike, inArray, isNull, like, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CompanyUser, Manager } from '../../../../src/api/contracts/management.contract';
import { lastPageOf, type Page } from '../../../../src/api/resources/resource-contract';
import { companyScope, type CompanyScope } from '../../db/company-scope';
import type { Database } from '../../db/client';
import { companies, users, type UserRow } from '../../db/schema';
import { escapeLike } from '../../lib/escape-like';
import { notFound } from '../../lib/errors';
import type { ParsedListQuery } from '../../resources/list-query';
import { pagingOf } from '../../resources/list-query';

/**
 * Every company's users as the platform administrator reads them (docs/administration.md):
 * `management/manager` (managers, written through the users service in the manager's own company scope)
 * and `management/user` (agents and managers, read-only, to log in as). Deleted users and deleted
 * companies are not listed; the admin is never a company user.
 */

const SORT_COLUMNS: Record<string, AnyPgColumn> = {
  name: users.name,
  username: users.username,
  company_name: companies.name,
  status: users.status,
  role: users.role,
  extension: users.extension,
  created_at: users.createdAt,
};

type UserListRow = { user: UserRow; companyName: string };

export function toCompanyUser({ user, companyName }: UserListRow): CompanyUser {
  return {
    id: user.id,
    company_id: user.companyId ?? 0,
    company_name: companyName,
    name: user.name,
    username: user.username,
    role: user.role === 'manager' ? 'manager' : 'agent',
    extension: user.extension,
    status: user.status,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

export function toManager(row: UserListRow): Manager {
  const { role: _role, extension: _extension, ...manager } = toCompanyUser(row);
  return manager;
}

/**
 * One page of company users of the given roles: search over name, username and extension; filters
 * `company_id`, `role`, `status`; ties broken by id so pages never overlap.
 */
export async function companyUserPage(
  db: Database,
  roles: readonly ('manager' | 'agent')[],
  query: ParsedListQuery,
  defaultSort: { sort_by: string; sort_order: 'asc' | 'desc' },
): Promise<Page<UserListRow>> {
  const role = query.role as 'manager' | 'agent' | undefined;
  const conditions: (SQL | undefined)[] = [
    isNull(users.deletedAt),
    isNull(companies.deletedAt),
    inArray(users.role, role && roles.includes(role) ? [role] : [...roles]),
    role && !roles.includes(role) ? eq(users.id, -1) : undefined,
    query.company_id === undefined ? undefined : eq(users.companyId, query.company_id as number),
    query.status === undefined ? undefined : eq(users.status, query.status as 'active' | 'inactive'),
  ];
  if (query.search) {
    const term = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(users.name, term), ilike(users.username, term), like(users.extension, term)));
  }
  const where = and(...conditions);
  const { page, perPage } = pagingOf(query);
  const sortBy = query.sort_by ?? defaultSort.sort_by;
  const direction = (query.sort_order ?? (query.sort_by ? 'asc' : defaultSort.sort_order)) === 'desc' ? desc : asc;
  const order = [direction(SORT_COLUMNS[sortBy] ?? users.id), ...(sortBy === 'company_name' ? [asc(users.name)] : []), direction(users.id)];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(where);
  const rows = await db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { data: rows, current_page: page, per_page: perPage, total, last_page: lastPageOf(total, perPage) };
}

/** A live manager of a live company with its company's scope; anything else is a 404. */
export async function findManager(db: Database, id: number): Promise<{ row: UserListRow; scope: CompanyScope }> {
  const [row] = await db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, id), eq(users.role, 'manager'), isNull(users.deletedAt), isNull(companies.deletedAt)))
    .limit(1);
  if (!row?.user.companyId) throw notFound();
  return { row, scope: companyScope(db, row.user.companyId) };
}

/** A live company by id, or null. */
export async function findLiveCompany(db: Database, id: number): Promise<{ id: number; name: string } | null> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deletedAt)))
    .limit(1);
  return company ?? null;
}
