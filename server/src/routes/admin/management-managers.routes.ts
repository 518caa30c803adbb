import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_LOG_PATH,
  auditLogListQuerySchema,
  auditLogPageSchema,
  companyUserContract,
  companyUserListQuerySchema,
  companyUserPageSchema,
  MANAGEMENT_PATHS,
  managerContract,
  managerListQuerySchema,
  managerPageSchema,
  managerRecord,
  managerResetPasswordSchema,
  managerStatusSchema,
  managerStoreSchema,
  managerUpdateSchema,
} from '../../../../src/api/contracts/management.contract';
import { resetPasswordResponseSchema } from '../../../../src/api/contracts/user-actions.contract';
import { idParamsSchema, recordResponseSchema } from '../../../../src/api/resources/resource-contract';
import { successResultSchema } from '../../lib/api-schemas';
import { requireRole } from '../../plugins/permissions';
import type { ParsedListQuery } from '../../resources/list-query';
import { auditLogPage } from '../../services/admin/audit-log';
import { companyUserPage, toCompanyUser, toManager } from '../../services/admin/company-users';
import { createManager, deleteManager, renameManager, resetManagerPassword, setManagerStatus } from '../../services/admin/managers';
import { announceUserChange } from '../../services/users/user-sessions';
import { usersDeps } from '../../services/users/users-deps';
import { describe, errorAnswers } from './management-kit';

const tag = managerContract.entity;
const { path } = managerContract;
const recordAnswer = { 200: recordResponseSchema(managerRecord), ...errorAnswers };

/**
 * `management/manager` (CONTRACT §10): every company's managers for the platform administrator; also
 * `management/user/list` (every company's users, read-only, whom `users/login-as` may sign in as) and
 * `management/audit-log/list`. Admin only (403 for everyone else).
 */
export const managementManagerRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = [app.authenticate, requireRole('admin')];
  const deps = usersDeps(app);

  app.post(
    `/${path}/list`,
    {
      onRequest: guard,
      schema: {
        ...describe(tag, 'every company’s managers', 'Search over name, username and extension; filters `company_id`, `status`; sort by name, username, company_name (default), status, created_at.'),
        body: managerListQuerySchema,
        response: { 200: managerPageSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const page = await companyUserPage(app.db, ['manager'], request.body as ParsedListQuery, managerContract.defaultSort);
      return { ...page, data: page.data.map(toManager) };
    },
  );

  app.post(
    `/${path}/store`,
    {
      onRequest: guard,
      schema: {
        ...describe(tag, 'add a manager to a company', 'The password is hashed; the username is unique forever across companies (422 under `username`); an unknown company is 422 under `company_id`.'),
        body: managerStoreSchema,
        response: recordAnswer,
      },
    },
    async (request) => ({ data: await createManager(app.db, deps, request.body) }),
  );

  app.post(
    `/${path}/update`,
    { onRequest: guard, schema: { ...describe(tag, 'rename a manager', 'Only the name changes: the company and username are fixed, the password changes through reset-password.'), body: managerUpdateSchema, response: recordAnswer } },
    async (request) => {
      const data = await renameManager(app.db, request.body.id, request.body.name);
      announceUserChange(app, data.id);
      return { data };
    },
  );

  app.post(
    `/${MANAGEMENT_PATHS.managerStatus}`,
    { onRequest: guard, schema: { ...describe(tag, 'activate or deactivate a manager', 'Deactivating ends the manager’s sessions at once.'), body: managerStatusSchema, response: recordAnswer } },
    async (request) => ({ data: await setManagerStatus(app.db, deps, request.auth.userId, request.body.id, request.body.status) }),
  );

  app.post(
    `/${MANAGEMENT_PATHS.managerResetPassword}`,
    {
      onRequest: guard,
      schema: {
        ...describe(tag, 'reset a manager’s password', 'The given password, or a generated one answered once (`temporary_password`); the manager’s sessions end.'),
        body: managerResetPasswordSchema,
        response: { 200: resetPasswordResponseSchema, ...errorAnswers },
      },
    },
    async (request) => resetManagerPassword(app.db, deps, request.auth.userId, request.body.id, request.body.password),
  );

  app.post(
    `/${path}/delete/:id`,
    { onRequest: guard, schema: { ...describe(tag, 'delete a manager', 'Soft delete: the username can never be used again; the sessions end at once.'), params: idParamsSchema, response: { 200: successResultSchema, ...errorAnswers } } },
    async (request) => {
      await deleteManager(app.db, deps, request.auth.userId, request.params.id);
      return { result: 'success' as const };
    },
  );

  app.post(
    `/${companyUserContract.path}/list`,
    {
      onRequest: guard,
      schema: {
        ...describe(companyUserContract.entity, 'every company’s users (read-only)', 'Agents and managers, to log in as (`users/login-as`). Search over name, username and extension; filters `company_id`, `role`, `status`.'),
        body: companyUserListQuerySchema,
        response: { 200: companyUserPageSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const page = await companyUserPage(app.db, ['manager', 'agent'], request.body as ParsedListQuery, companyUserContract.defaultSort);
      return { ...page, data: page.data.map(toCompanyUser) };
    },
  );

  app.post(
    `/${AUDIT_LOG_PATH}`,
    {
      onRequest: guard,
      schema: {
        ...describe('management-audit-log', 'the audit log', 'Every login-as, newest first: who, as whom, which company, from which address. Filters `company_id`, `user_id` (the user signed in as), `actor_id`, `action`, `date_from`, `date_to` (days, Asia/Seoul).'),
        body: auditLogListQuerySchema,
        response: { 200: auditLogPageSchema, ...errorAnswers },
      },
    },
    async (request) => auditLogPage(app.db, request.body),
  );
};
