import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callbackRoutes } from './callbacks/callbacks.routes';
import { callRoutes } from './calls/calls.routes';
import { recordingRoutes } from './calls/recordings.routes';
import { consultationSettingsRoutes } from './consultation-settings/consultation-settings.routes';
import { consultationRoutes } from './consultations/consultations.routes';
import { customTableRoutes } from './custom-tables/custom-table.routes';
import { entityRoutes } from './entities.routes';
import { healthRoutes } from './health/health.routes';
import { holidayRoutes } from './holidays/holidays.routes';
import { importExportRoutes } from './import-export/import-export.routes';
import { memberSettingsRoutes } from './member-settings/member-settings.routes';
import { memberRoutes } from './members/members.routes';
import { myAccountRoutes } from './my-account/my-account.routes';
import { loginRoutes } from './session/login.routes';
import { sessionRoutes } from './session/session.routes';
import { routingRoutes } from './routing/routing.routes';
import { userRoutes } from './users/users.routes';

/** Every `/api/v1` resource, one folder each. New resources are added here, in one line each. */
export const apiV1Routes: FastifyPluginAsyncZod<{ version: string }> = async (app, options) => {
  await app.register(healthRoutes, { version: options.version });
  await app.register(loginRoutes);
  await app.register(sessionRoutes);
  await app.register(myAccountRoutes);
  await app.register(memberRoutes);
  await app.register(memberSettingsRoutes);
  await app.register(importExportRoutes);
  await app.register(consultationSettingsRoutes);
  await app.register(consultationRoutes);
  await app.register(customTableRoutes);
  await app.register(callRoutes);
  await app.register(recordingRoutes);
  await app.register(callbackRoutes);
  await app.register(userRoutes);
  await app.register(holidayRoutes);
  await app.register(routingRoutes);
  await app.register(entityRoutes);
};
