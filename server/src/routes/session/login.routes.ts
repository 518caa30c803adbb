import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentLoginRequestSchema,
  companyLoginRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
} from '../../../../src/api/contracts/session.contract';
import { errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { requestOrigin } from '../../plugins/context';
import { signInWithAgentKey, signInWithCompanyKey, signInWithPassword } from '../../services/session/sign-in';

const responses = {
  200: loginResponseSchema,
  401: errorResponseSchema,
  422: validationErrorSchema,
  429: errorResponseSchema,
};

/** The three ways to start a session (CONTRACT §4); each answers `{ access_token, refresh_token, user }`. */
export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in with username and password',
        description: 'Failed attempts per username are delayed after 5 in an hour and refused (429) after 10 in 15 minutes.',
        body: loginRequestSchema,
        response: responses,
      },
    },
    async (request) =>
      signInWithPassword(app, {
        username: request.body.username,
        password: request.body.password,
        ip: request.ip,
        origin: requestOrigin(request),
      }),
  );

  app.post(
    '/company/login',
    {
      schema: {
        tags: ['session'],
        summary: "Sign in with the company API key, as the company's first active manager",
        description: 'Failed attempts per client address are delayed after 5 in an hour and refused (429) after 10 in 15 minutes.',
        body: companyLoginRequestSchema,
        response: responses,
      },
    },
    async (request) => signInWithCompanyKey(app, request.body.apiKey, request.ip, requestOrigin(request)),
  );

  app.post(
    '/user/login',
    {
      schema: {
        tags: ['session'],
        summary: "Sign in with an agent API key (the company must provide the agent API)",
        description: 'Failed attempts per client address are delayed after 5 in an hour and refused (429) after 10 in 15 minutes.',
        body: agentLoginRequestSchema,
        response: responses,
      },
    },
    async (request) => signInWithAgentKey(app, request.body.agentApiKey, request.ip, requestOrigin(request)),
  );
};
