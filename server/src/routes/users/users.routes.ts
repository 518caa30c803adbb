import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginAsRoutes } from './login-as.routes';
import { userAccountRoutes } from './user-account.routes';
import { userCrudRoutes } from './user-crud.routes';
import { userExtensionRoutes } from './user-extension.routes';
import { userPermissionRoutes } from './user-permission.routes';
import { registerResourceRoutes } from '../../resources/register-resource-routes';
import { userResource } from './user.resource';

/**
 * Every users call of specification §7 (docs/users.md). `users/check-user` belongs to the session
 * routes (routes/session), since it answers the caller's own user info.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // users/list, users/view and users/export; the writes are user-crud's.
  registerResourceRoutes(app, userResource);
  await app.register(userCrudRoutes);
  await app.register(userAccountRoutes);
  await app.register(userPermissionRoutes);
  await app.register(userExtensionRoutes);
  await app.register(loginAsRoutes);
};
