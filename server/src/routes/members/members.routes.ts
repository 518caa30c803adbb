import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResourceRoutes } from '../../resources/register-resource-routes';
import { memberExtraRoutes } from './member-extra.routes';
import { memberResource } from './member.resource';

/**
 * Every member call of specification §7: the generic ones from the definition (member, member/list,
 * member/view, member/store, member/update, member/delete/{id}, member/{id}) and the member-only ones
 * (company, phone-number, store/caller, get-settings, list/{param}).
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(memberExtraRoutes);
  registerResourceRoutes(app, memberResource);
};
