import type { FastifyPluginAsync } from 'fastify';
import { registerResourceRoutes } from '../../resources/register-resource-routes';
import { callbackActionRoutes } from './callback-actions.routes';
import { callbackResource } from './callback.resource';

/**
 * Callbacks (docs/calls.md): the generic resource routes of the contract (list, view, store, update,
 * delete/{id}), each narrowed to the callbacks the caller sees, plus assign, status and assignees.
 */
export const callbackRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, callbackResource);
  await app.register(callbackActionRoutes);
};
