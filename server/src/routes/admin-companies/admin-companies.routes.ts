import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ADMIN_COMPANY_PATHS,
  adminCompanyContract,
  adminCompanyIdSchema,
  adminCompanyInputSchema,
  adminCompanyListQuerySchema,
  adminCompanyPageSchema,
  adminCompanyResponseSchema,
  dataDestroyStartedSchema,
  dataDestroyStatusSchema,
  recordingCredentialSchema,
  type AdminCompany,
} from '../../../../src/api/contracts/admin-company.contract';
import { lastPageOf, updateBodySchema } from '../../../../src/api/resources/resource-contract';
import type { Database } from '../../db/client';
import { companyScope } from '../../db/company-scope';
import { companies, consultationDepartments, users, type CompanyRow } from '../../db/schema';
import { authErrorResponses, bearerSecurity, errorResponseSchema, successResultSchema, validationErrorSchema } from '../../lib/api-schemas';
import { FieldValidationError, HttpError, notFound } from '../../lib/errors';
import { writeAudit } from '../../services/admin/audit-log';
import { translate } from '../../lib/i18n';
import { createSecretBox, secretsKeyOf, type SecretBox } from '../../lib/secret-box';
import { requireRole } from '../../plugins/permissions';
import { isUniqueViolation } from '../../resources/db-errors';
import { pagingOf } from '../../resources/list-query';
import { uniqueViolationField, usernameConflict } from '../../services/users/user-checks';
import { escapeLike } from '../members/member-search';
import { DataDestroyRunner, latestJob, markInterrupted, STALE_JOB_MS, toJobRecord } from './company-data-destroy';

/**
 * `/admin/management/company` (issue 20 item 1, specification §3 "Company", §7 "Company management",
 * CONTRACT §10 and §14; docs/admin-companies.md): the platform administrator's companies. Every route but
 * `rec/credential` is admin only (403 for managers and agents). It reads and writes across companies,
 * which is why this folder is on the raw-database allow-list (eslint.config.js).
 */

const describe = (summary: string, description: string) => ({ tags: [adminCompanyContract.entity], summary, description, security: bearerSecurity });
const ADMIN = (app: { authenticate: unknown }) => [app.authenticate, requireRole('admin')] as never;

const storeBodySchema = adminCompanyInputSchema;
const updateBody = updateBodySchema(adminCompanyContract);
type CompanyInput = z.output<typeof adminCompanyInputSchema>;

/** Authenticated data of the sealed recording password: bound to the company's row and column. */
export const recordingPasswordContext = (companyId: number) => `companies:${companyId}:recording_password`;

/** Live users of a company (managers and agents), as a column of the list. */
const usersCount = sql<number>`(select count(*)::int from "users" as "u" where "u"."company_id" = "companies"."id" and "u"."deleted_at" is null)`;

function toRecord(row: CompanyRow, usersTotal: number): AdminCompany {
  return {
    id: row.id,
    name: row.name,
    dcontext: row.dcontext,
    webfax_content: row.webfaxContent,
    keywords: row.keywords,
    cti_server: row.ctiServer,
    allow_simple_crm: row.allowSimpleCrm,
    is_free: row.isFree,
    use_big: row.useBig,
    can_provide_agent_api: row.canProvideAgentApi,
    asterisk_name: row.asteriskName,
    worktime_check_url: row.worktimeCheckUrl,
    worktime_update_status_url: row.worktimeUpdateStatusUrl,
    recording_login_url: row.recordingLoginUrl,
    recording_username: row.recordingUsername,
    has_recording_password: row.recordingPasswordSealed !== null,
    daily_report_email: row.dailyReportEmail,
    daily_report_cc: row.dailyReportCc,
    permissions: row.permissions,
    users_count: usersTotal,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns of a store or update (the recording password is sealed separately, with the row's id). */
function columnsOf(input: CompanyInput) {
  return {
    name: input.name,
    dcontext: input.dcontext,
    webfaxContent: input.webfax_content,
    keywords: input.keywords,
    ctiServer: input.cti_server,
    allowSimpleCrm: input.allow_simple_crm,
    isFree: input.is_free,
    useBig: input.use_big,
    canProvideAgentApi: input.can_provide_agent_api,
    asteriskName: input.asterisk_name,
    worktimeCheckUrl: input.worktime_check_url,
    worktimeUpdateStatusUrl: input.worktime_update_status_url,
    recordingLoginUrl: input.recording_login_url,
    recordingUsername: input.recording_username,
    dailyReportEmail: input.daily_report_email,
    dailyReportCc: input.daily_report_cc,
    permissions: [...new Set(input.permissions)],
  };
}

const live = isNull(companies.deletedAt);

async function findLive(db: Database, id: number): Promise<AdminCompany> {
  const [row] = await db.select({ company: companies, usersTotal: usersCount }).from(companies).where(and(eq(companies.id, id), live));
  if (!row) throw notFound();
  return toRecord(row.company, row.usersTotal);
}

/** Company names are unique among live companies, whatever their case. */
async function refuseTakenName(db: Database, name: string, exceptId?: number): Promise<void> {
  const [holder] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(sql`lower(${companies.name})`, name.toLowerCase()), live, exceptId === undefined ? undefined : ne(companies.id, exceptId)))
    .limit(1);
  if (holder) throw new FieldValidationError({ name: ['validation.company_name_taken'] });
}

export const adminCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  const box: SecretBox = createSecretBox(secretsKeyOf(app.config));
  const runner = new DataDestroyRunner(app.db, app.log);
  RUNNERS.set(app.db, runner);
  app.addHook('onClose', () => runner.close());

  const sortColumns = {
    name: sql`lower(${companies.name})`,
    id: companies.id,
    created_at: companies.createdAt,
    users_count: usersCount,
  } as const;

  app.post(
    `/${ADMIN_COMPANY_PATHS.list}`,
    {
      onRequest: ADMIN(app),
      schema: {
        ...describe('Admin only: the companies (list)', 'The page of CONTRACT §3: search over name, dcontext, asterisk name and keywords; sort by name, id, created_at or users_count. Deleted companies are not listed.'),
        body: adminCompanyListQuerySchema,
        response: { 200: adminCompanyPageSchema, ...authErrorResponses, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const query = request.body;
      const conditions: (SQL | undefined)[] = [live];
      if (query.search) {
        const term = `%${escapeLike(query.search)}%`;
        conditions.push(or(ilike(companies.name, term), ilike(companies.dcontext, term), ilike(companies.asteriskName, term), ilike(companies.keywords, term)));
      }
      const where = and(...conditions);
      const { page, perPage } = pagingOf(query);
      const { defaultSort } = adminCompanyContract;
      const sortBy = (query.sort_by ?? defaultSort.sort_by) as keyof typeof sortColumns;
      const direction = (query.sort_order ?? (query.sort_by ? 'asc' : defaultSort.sort_order)) === 'desc' ? desc : asc;
      const [{ total } = { total: 0 }] = await app.db.select({ total: count() }).from(companies).where(where);
      const rows = await app.db
        .select({ company: companies, usersTotal: usersCount })
        .from(companies)
        .where(where)
        .orderBy(direction(sortColumns[sortBy]), direction(companies.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return {
        data: rows.map((row) => toRecord(row.company, row.usersTotal)),
        current_page: page,
        per_page: perPage,
        total,
        last_page: lastPageOf(total, perPage),
      };
    },
  );

  app.post(
    `/${ADMIN_COMPANY_PATHS.view}`,
    {
      onRequest: ADMIN(app),
      schema: {
        ...describe('Admin only: one company', 'Every field of the company; the recording password only as `has_recording_password`.'),
        body: adminCompanyIdSchema,
        response: { 200: adminCompanyResponseSchema, ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request) => ({ data: await findLive(app.db, request.body.id) }),
  );

  app.post(
    `/${ADMIN_COMPANY_PATHS.store}`,
    {
      onRequest: ADMIN(app),
      schema: {
        ...describe(
          'Admin only: add a company with its first manager',
          'CONTRACT §14: the company and `manager: { name, username, password }` in one transaction; the manager signs in at once. A taken username is a 422 under `manager.username`, a taken company name under `name`.',
        ),
        body: storeBodySchema,
        response: { 200: adminCompanyResponseSchema, ...authErrorResponses, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const input = request.body;
      const manager = input.manager!;
      // argon2 is slow and PGlite has one connection: hash before the transaction.
      const passwordHash = await app.passwords.hash(manager.password);
      try {
        const id = await app.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Database;
          await refuseTakenName(tx, input.name);
          const [created] = await tx.insert(companies).values(columnsOf(input)).returning({ id: companies.id });
          if (!created) throw new Error('company not inserted');
          const taken = await usernameConflict(companyScope(tx, created.id), manager.username);
          if (taken.username) throw new FieldValidationError({ 'manager.username': ['validation.user_username_taken'] });
          if (input.recording_password !== undefined) {
            await tx
              .update(companies)
              .set({ recordingPasswordSealed: box.seal(input.recording_password, recordingPasswordContext(created.id)) })
              .where(eq(companies.id, created.id));
          }
          await tx.insert(users).values({ companyId: created.id, role: 'manager', name: manager.name, username: manager.username, passwordHash, permissions: [] });
          // A user needs a department (users/store): one to start with, so the manager can add agents at once.
          await tx.insert(consultationDepartments).values({ companyId: created.id, name: translate('admin_company.default_department', request.language) });
          return created.id;
        });
        return { data: await findLive(app.db, id) };
      } catch (error) {
        // Two stores racing for one username: the unique index still answers a 422 under the field.
        if (uniqueViolationField(error) === 'username') throw new FieldValidationError({ 'manager.username': ['validation.user_username_taken'] });
        throw error;
      }
    },
  );

  app.post(
    `/${ADMIN_COMPANY_PATHS.update}`,
    {
      onRequest: ADMIN(app),
      schema: {
        ...describe(
          'Admin only: change a company',
          'Every field of store but `manager`. `recording_password` blank or absent keeps the stored one; `clear_recording_password: true` removes it. Permission changes apply to the next request of its users.',
        ),
        body: updateBody,
        response: { 200: adminCompanyResponseSchema, ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const input = request.body as CompanyInput & { id: number };
      await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Database;
        await findLive(tx, input.id);
        await refuseTakenName(tx, input.name, input.id);
        const password =
          input.recording_password !== undefined
            ? { recordingPasswordSealed: box.seal(input.recording_password, recordingPasswordContext(input.id)) }
            : input.clear_recording_password
              ? { recordingPasswordSealed: null }
              : {};
        await tx
          .update(companies)
          .set({ ...columnsOf(input), ...password, updatedAt: new Date() })
          .where(eq(companies.id, input.id));
      });
      return { data: await findLive(app.db, input.id) };
    },
  );

  app.post(
    `/${ADMIN_COMPANY_PATHS.destroy}`,
    {
      onRequest: ADMIN(app),
      schema: {
        ...describe(
          'Admin only: delete a company',
          "CONTRACT §14. A soft delete: the company leaves the lists, its users' sessions stop at the next request and they can no longer sign in. Its data stays until `data/destroy` (run that first to remove it). 409 while a data destroy runs.",
        ),
        body: adminCompanyIdSchema,
        response: { 200: successResultSchema, ...authErrorResponses, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.body;
      await findLive(app.db, id);
      const job = await latestJob(app.db, id);
      if (job && toJobRecord(job).state === 'running') throw new HttpError(409, 'errors.company_data_destroy_running');
      await app.db.transaction(async (tx) => {
        await tx
          .update(companies)
          .set({ deletedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(companies.id, id), live));
        await writeAudit(tx as unknown as Database, { actorUserId: request.auth.userId, action: 'company_destroy', targetUserId: null, targetCompanyId: id, ip: request.ip, detail: {} });
      });
      return { result: 'success' as const };
    },
  );

  app.post(
    `/${ADMIN_COMPANY_PATHS.dataDestroy}`,
    {
      onRequest: ADMIN(app),
      schema: {
        ...describe(
          "Admin only: destroy all of a company's data, in the background",
          "CONTRACT §14: every record of the company but the company itself and its users' accounts (docs/admin-companies.md). Answers 202 at once with the job; `data/destroy/status { id }` tells its progress. 409 while one runs already.",
        ),
        body: adminCompanyIdSchema,
        response: { 202: dataDestroyStartedSchema, ...authErrorResponses, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.body;
      await findLive(app.db, id);
      const previous = await latestJob(app.db, id);
      if (runner.isRunning(id) || (previous && toJobRecord(previous).state === 'running')) throw new HttpError(409, 'errors.company_data_destroy_running');
      // A job that died with its process still says running: it is failed now, so a new one may start.
      if (previous?.state === 'running') await markInterrupted(app.db, previous.id);
      try {
        const job = await runner.start(id, request.auth.userId);
        await writeAudit(app.db, { actorUserId: request.auth.userId, action: 'company_data_destroy', targetUserId: null, targetCompanyId: id, ip: request.ip, detail: { job_id: job.id } });
        return reply.code(202).send({ data: toJobRecord(job) });
      } catch (error) {
        // Another process started one meanwhile: the one-running-job index refused this one.
        if (isUniqueViolation(error)) throw new HttpError(409, 'errors.company_data_destroy_running');
        throw error;
      }
    },
  );

  app.post(
    `/${ADMIN_COMPANY_PATHS.dataDestroyStatus}`,
    {
      onRequest: ADMIN(app),
      schema: {
        ...describe(
          "Admin only: how far the company's data destroy got",
          `The company's latest data destroy (\`{ id }\` is the company's id), or null: \`state\` running, done or failed (a job silent for ${STALE_JOB_MS / 1000} s died with its process: failed, "interrupted", and may be started again), \`deleted\` of \`total\` rows, the table being emptied.`,
        ),
        body: adminCompanyIdSchema,
        response: { 200: dataDestroyStatusSchema, ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.body;
      await findLive(app.db, id);
      const job = await latestJob(app.db, id);
      return { data: job ? toJobRecord(job) : null };
    },
  );

  app.post(
    `/${ADMIN_COMPANY_PATHS.recordingCredential}`,
    {
      onRequest: [app.authenticate, requireRole('manager')],
      schema: {
        ...describe(
          "The recording server's login of the caller's company",
          "Specification §7 (no payload), for the company's managers: the recording login URL and username, and whether a password is stored. The password itself is never answered: the server uses it (docs/admin-companies.md).",
        ),
        response: { 200: recordingCredentialSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const companyId = request.auth.companyId!;
      const [row] = await app.db.select().from(companies).where(eq(companies.id, companyId));
      if (!row) throw notFound();
      return {
        data: {
          recording_login_url: row.recordingLoginUrl,
          recording_username: row.recordingUsername,
          has_recording_password: row.recordingPasswordSealed !== null,
        },
      };
    },
  );
};

/** The data destroys an app runs, by its database (tests wait for them: `dataDestroyRunnerOf(t.db).settled()`). */
const RUNNERS = new WeakMap<Database, DataDestroyRunner>();
export const dataDestroyRunnerOf = (db: Database): DataDestroyRunner | undefined => RUNNERS.get(db);

/** Opens a company's sealed recording password, for the server's own use (never for an answer). */
export function openRecordingPassword(box: SecretBox, row: Pick<CompanyRow, 'id' | 'recordingPasswordSealed'>): string | null {
  return row.recordingPasswordSealed === null ? null : box.open(row.recordingPasswordSealed, recordingPasswordContext(row.id));
}
