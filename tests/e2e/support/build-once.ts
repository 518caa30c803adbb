import { buildProductionWeb } from './production-build';

/** e2e global setup: browser tests run against the built app, exactly as `npm start` serves it. */
export default async function setup(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  await buildProductionWeb();
}
