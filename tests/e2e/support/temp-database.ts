import pg from 'pg';
import { randomBytes } from 'node:crypto';

export interface TempDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, uniquely named PostgreSQL database next to the one DATABASE_URL names, so runs never share data. */
export async function createTempDatabase(baseUrl: string): Promise<TempDatabase> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
