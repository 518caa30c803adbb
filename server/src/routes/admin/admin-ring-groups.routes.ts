import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCompanyChoicesResponseSchema,
  adminRingGroupContract,
  adminRingGroupListQuerySchema,
  adminRingGroupPageSchema,
} from '../../../../src/api/contracts/admin-ring-group.contract';
import { ringGroupEntity } from '../../../../src/api/contracts/ring-group.contract';
import { lastPageOf } from '../../../../src/api/resources/resource-contract';
import { tableOfEntity } from '../../db/entity-table';
import { companies } from '../../db/schema';
import { authErrorResponses, bearerSecurity, validationErrorSchema } from '../../lib/api-schemas';
import { requireRole } from '../../plugins/permissions';
import { entityResource } from '../../resources/entity-resource';
import { pagingOf } from '../../resources/list-query';
import { escapeLike } from '../members/member-search';

const describe = (summary: string, description: string) => ({ tags: [adminRingGroupContract.entity], summary, description, security: bearerSecurity });

/**
 * `/admin/ring-group` (issue 17 item 5): the platform administrator reads every company's ring groups,
 * each with its company. Read-only: the companies' managers edit their own. It reads across companies,
 * which is why this file is on the raw-database allow-list (eslint.config.js), and why it is admin only.
 */
export const adminRingGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const ringGroups = tableOfEntity(ringGroupEntity.name);
  const { toRecord } = entityResource(ringGroupEntity);
  const sortColumns: Record<string, AnyPgColumn> = {
    number: ringGroups.number!,
    display_name: ringGroups.display_name!,
    company_name: companies.name,
    created_at: ringGroups.createdAt,
  };

  app.post(
    '/admin/ring-group/list',
    {
      onRequest: [app.authenticate, requireRole('admin')],
      schema: {
        ...describe(
          "Admin only: every company's ring groups",
          'The page of CONTRACT §3: search over number and display name, sort by number, display_name, company_name or created_at, filter `company_id`. Each row is the ring group with `company_id` and `company_name`.',
        ),
        body: adminRingGroupListQuerySchema,
        response: { 200: adminRingGroupPageSchema, ...authErrorResponses, 422: validationErrorSchema },
      },
    },
    async (request) => {
      // listQuerySchema types the contract's filters loosely; company_id is a parsed record id.
      const query = request.body as typeof request.body & { company_id?: number };
      const conditions: (SQL | undefined)[] = [];
      if (query.company_id !== undefined) conditions.push(eq(ringGroups.companyId, query.company_id));
      if (query.search) {
        const term = `%${escapeLike(query.search)}%`;
        conditions.push(or(ilike(ringGroups.number!, term), ilike(ringGroups.display_name!, term)));
      }
      const where = and(...conditions);
      const { page, perPage } = pagingOf(query);
      const { defaultSort } = adminRingGroupContract;
      const sortBy = query.sort_by ?? defaultSort.sort_by;
      const direction = (query.sort_order ?? (query.sort_by ? 'asc' : defaultSort.sort_order)) === 'desc' ? desc : asc;
      // Within a company the numbers are in order, and the id keeps pages from overlapping.
      const order = [direction(sortColumns[sortBy]!), ...(sortBy === 'company_name' ? [asc(ringGroups.number!)] : []), direction(ringGroups.id)];

      const [{ total } = { total: 0 }] = await app.db
        .select({ total: count() })
        .from(ringGroups)
        .innerJoin(companies, eq(companies.id, ringGroups.companyId))
        .where(where);
      const rows = await app.db
        .select({ ringGroup: ringGroups, companyName: companies.name })
        .from(ringGroups)
        .innerJoin(companies, eq(companies.id, ringGroups.companyId))
        .where(where)
        .orderBy(...order)
        .limit(perPage)
        .offset((page - 1) * perPage);
      return {
        data: rows.map(({ ringGroup, companyName }) => ({
          ...(toRecord(ringGroup) as Record<string, unknown>),
          company_id: ringGroup.companyId as number,
          company_name: companyName,
        })) as never,
        current_page: page,
        per_page: perPage,
        total,
        last_page: lastPageOf(total, perPage),
      };
    },
  );

  app.post(
    '/admin/ring-group/companies',
    {
      onRequest: [app.authenticate, requireRole('admin')],
      schema: {
        ...describe('Admin only: the companies to filter ring groups by', 'Every company, id and name, by name.'),
        response: { 200: adminCompanyChoicesResponseSchema, ...authErrorResponses },
      },
    },
    async () => ({ data: await app.db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.name), asc(companies.id)) }),
  );
};
