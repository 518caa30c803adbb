import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  announcementCompaniesResponseSchema,
  announcementContract,
  announcementUnreadResponseSchema,
  sloganResponseSchema,
  sloganUpdateBodySchema,
} from '../../../../src/api/contracts/announcement.contract';
import {
  idBodySchema,
  idParamsSchema,
  listQuerySchema,
  pageSchema,
  recordResponseSchema,
  updateBodySchema,
} from '../../../../src/api/resources/resource-contract';
import { authErrorResponses, bearerSecurity, errorResponseSchema, successResultSchema, validationErrorSchema } from '../../lib/api-schemas';
import { forbidden } from '../../lib/errors';
import { requireRole } from '../../plugins/permissions';
import { requireAccess } from '../../resources/access';
import type { ParsedListQuery } from '../../resources/list-query';
import type { AnnouncementViewer } from '../../services/announcements/announcement-access';
import type { AnnouncementInput } from '../../services/announcements/announcement-store';

const describe = (summary: string, description?: string) => ({
  tags: [announcementContract.entity],
  summary,
  ...(description ? { description } : {}),
  security: bearerSecurity,
});
const errors = { ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema };
const viewerOf = (request: FastifyRequest): AnnouncementViewer => ({ userId: request.auth.userId, role: request.auth.role, companyId: request.auth.companyId });

/**
 * Announcements (CONTRACT §10 "announcement", §14) and the company's slogan (docs/announcements.md).
 * The resource convention's paths, so the client's generic hooks and screens work from the contract;
 * who sees and writes which rows is `services/announcements/announcement-access.ts`.
 */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { access } = announcementContract;
  const store = () => app.announcements.store;
  const record = announcementContract.record;

  app.post(
    '/announcement/list',
    {
      onRequest: [app.authenticate, requireAccess(access.read)],
      schema: {
        ...describe(
          'One page of announcements the caller reads',
          "Pinned first, then the sort (default newest `published_at` first). A company's users get the company's own and the platform's addressed to all or to the company (published ones; a manager also the company's scheduled ones), each with `read` for the caller; the admin gets the platform's.",
        ),
        body: listQuerySchema(announcementContract),
        response: { 200: pageSchema(record), ...errors },
      },
    },
    async (request) => store().page(viewerOf(request), request.body as ParsedListQuery),
  );

  app.post(
    '/announcement/view',
    {
      onRequest: [app.authenticate, requireAccess(access.read)],
      schema: { ...describe('One announcement (404 when the caller does not read it)'), body: idBodySchema, response: { 200: recordResponseSchema(record), ...errors } },
    },
    async (request) => ({ data: await store().get(viewerOf(request), request.body.id) }),
  );

  app.post(
    '/announcement/read/:id',
    {
      onRequest: [app.authenticate, requireAccess(access.read)],
      schema: { ...describe('Marks an announcement read for the caller (the view pop-up does, when it shows it)'), params: idParamsSchema, response: { 200: recordResponseSchema(record), ...errors } },
    },
    async (request) => ({ data: await store().markRead(viewerOf(request), request.params.id) }),
  );

  app.post(
    '/announcement/unread',
    {
      onRequest: [app.authenticate, requireAccess(access.read)],
      schema: { ...describe('How many published announcements the caller has not opened'), response: { 200: announcementUnreadResponseSchema, ...authErrorResponses } },
    },
    async (request) => ({ unread: await store().unread(viewerOf(request)) }),
  );

  app.post(
    '/announcement/companies',
    {
      onRequest: [app.authenticate, requireRole('admin')],
      schema: { ...describe('Admin only: the companies a platform announcement may be addressed to'), response: { 200: announcementCompaniesResponseSchema, ...authErrorResponses } },
    },
    async () => ({ data: await store().companies() }),
  );

  app.post(
    '/announcement/store',
    {
      onRequest: [app.authenticate, requireAccess(access.create)],
      schema: {
        ...describe(
          'Write an announcement',
          "A manager's is the company's (`audience` `company`); the admin's is the platform's, to `all` or to `companies` (`company_ids`). One published now (blank `published_at`) is pushed at once as the socket event `announcement` `{ id, title }`; a scheduled one when its time comes.",
        ),
        body: announcementContract.input,
        response: { 200: recordResponseSchema(record), ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const row = await store().create(viewer, request.body as unknown as AnnouncementInput);
      await app.announcements.publishDue(row.id);
      return { data: await store().get(viewer, row.id) };
    },
  );

  app.post(
    '/announcement/update',
    {
      onRequest: [app.authenticate, requireAccess(access.update)],
      schema: { ...describe('Change an announcement the caller wrote (their company\'s, or the platform\'s for the admin)'), body: updateBodySchema(announcementContract), response: { 200: recordResponseSchema(record), ...errors } },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { id, ...input } = request.body as unknown as { id: number } & AnnouncementInput;
      const row = await store().update(viewer, id, input);
      // Moved from the future to now: its readers are told now (once; an announcement told before is not told again).
      await app.announcements.publishDue(row.id);
      return { data: await store().get(viewer, row.id) };
    },
  );

  app.post(
    '/announcement/delete/:id',
    {
      onRequest: [app.authenticate, requireAccess(access.delete)],
      schema: { ...describe('Delete an announcement the caller wrote'), params: idParamsSchema, response: { 200: successResultSchema, ...errors } },
    },
    async (request) => {
      await store().remove(viewerOf(request), request.params.id);
      return { result: 'success' as const };
    },
  );

  app.post(
    '/slogan',
    {
      onRequest: [app.authenticate, requireRole('manager', 'agent')],
      schema: { ...describe("The caller's company's slogan (the header shows it)"), tags: ['slogan'], response: { 200: sloganResponseSchema, ...authErrorResponses } },
    },
    async (request) => {
      const { companyId } = request.auth;
      if (companyId === null) throw forbidden();
      return { data: { slogan: await store().slogan(companyId) } };
    },
  );

  app.post(
    '/slogan/update',
    {
      onRequest: [app.authenticate, requireRole('manager')],
      schema: {
        ...describe("Managers: set the company's slogan", 'At most 100 characters; blank removes it. Every signed-in user of the company gets the socket event `slogan` `{ slogan }`.'),
        tags: ['slogan'],
        body: sloganUpdateBodySchema,
        response: { 200: sloganResponseSchema, ...authErrorResponses, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const { companyId } = request.auth;
      if (companyId === null) throw forbidden();
      const slogan = await store().setSlogan(companyId, request.body.slogan);
      app.announcements.sloganChanged(companyId, slogan);
      return { data: { slogan } };
    },
  );
};
