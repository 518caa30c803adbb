/**
 * The real app server for the CRM benchmarks, started as a child process: what server/src/main.ts does
 * (config from the environment, prepareDatabase, buildApp, listen) plus routes that exist only here:
 *
 * - `GET /api/v1/bench-bare`: a constant JSON object, no token, no database. It goes through the same
 *   plugins and hooks as every API route, so "lookup vs bare" measures exactly what a lookup adds.
 * - A diagnostic, to say where a lookup's time goes (the goal is judged on the real route only):
 *   `GET /api/v1/bench-auth` (the token check and nothing else), and `POST /api/v1/bench-nodb/{number}`:
 *   the lookup route's hooks, parameter, body and normalising, answering a canned member record instead
 *   of asking the database, so "nodb vs lookup" is the database round trip's share.
 */
import { z } from 'zod';
import { memberContract, phoneNumberInputSchema } from '../../../src/api/contracts/member.contract';
import { buildApp } from '../../../server/src/app';
import { normalisePhoneNumber } from '../../../server/src/lib/phone';
import { requireAccess } from '../../../server/src/resources/access';
import { phoneLookupJson } from '../../../server/src/routes/members/phone-lookup';
import { loadConfig } from '../../../server/src/config';
import { prepareDatabase } from '../../../server/src/db/prepare';
import { createPasswordHasher } from '../../../server/src/lib/passwords';

async function main(): Promise<void> {
  const config = loadConfig();
  const passwords = createPasswordHasher(config.argon2);
  const { handle } = await prepareDatabase(config, passwords);
  const app = await buildApp({
    config,
    database: handle,
    passwords,
    registerExtraRoutes: async (server) => {
      server.get('/api/v1/bench-bare', async () => ({ status: 'ok', bare: true }));
      server.get('/api/v1/bench-auth', { onRequest: [server.authenticate] }, async (request) => ({ user: request.auth.userId }));
      // One member record as the lookup answers it (the size of the real answer).
      const canned = JSON.stringify([{ id: 43, name: '회원 42', phone_number: '01000000042', company_name: '회사 42', groups: ['VIP'], levels: ['Gold'], custom_fields: {}, is_mobile: true, created_at: '2026-11-24T17:34:00.000Z', updated_at: '2026-11-24T17:34:00.000Z' }]);
      server.post('/api/v1/bench-nodb/:number', { onRequest: [server.authenticate, requireAccess(memberContract.access.read)], schema: { params: z.object({ number: phoneNumberInputSchema }) } }, async (request, reply) => {
        const phoneNumber = normalisePhoneNumber((request.params as { number: string }).number);
        return reply.type('application/json; charset=utf-8').send(phoneLookupJson(phoneNumber, { memberCount: 1, dataJson: canned }) as never);
      });
    },
  });
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write('READY\n');
  const stop = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
