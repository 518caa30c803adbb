/**
 * One app server process for runner-processes.test.ts, started with `tsx`: the whole app on the
 * PostgreSQL database of DATABASE_URL, its auto-call runner on the test's clock and callees, the
 * campaign's agents signed in to its own built-in PBX. It reports on stdout, one line each:
 * `READY <runner process id>`, then `DIAL <number id>` for every attempt it places. The test kills it.
 */
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { testConfig } from '../helpers/build-test-app';
import { IN_WINDOW, SLOW_CALLEES } from './runner-helpers';

async function main(): Promise<void> {
  const config = testConfig({ jwtSecret: 'x'.repeat(32) });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: null });
  const app = await buildApp({ config, database, webDistDir: '/nonexistent' });
  const companyId = Number(process.env.COMPANY_ID);
  for (const extension of ['1001', '1002']) await app.telephony.signIn(companyId, extension);
  app.autoCallRunner.tune({
    now: () => IN_WINDOW,
    tickMs: 100,
    answerRates: SLOW_CALLEES,
    onDial: (_campaign, number) => process.stdout.write(`DIAL ${number.id}\n`),
  });
  process.stdout.write(`READY ${app.autoCallRunner.processId}\n`);
  // Keep the agents signed in for as long as the test runs.
  setInterval(() => {
    for (const extension of ['1001', '1002']) void app.telephony.signIn(companyId, extension).catch(() => undefined);
  }, 10_000);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
