import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { JWT_SECRET_FILE, resolveJwtSecret } from '../../src/jwt-secret';

// Issue 15: a start without JWT_SECRET used a secret written in the source code, so anyone could sign an
// admin's token for any `npm start` reachable on the network.
describe('the JWT secret of a start without JWT_SECRET', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'jwt-secret-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is random, kept under DATA_DIR readable only by its owner, and the same at the next start', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.jwtSecret).toBe('');
    const first = await resolveJwtSecret(config);
    expect(first.created).toBe(true);
    expect(first.config.jwtSecret.length).toBeGreaterThanOrEqual(48);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe(first.config.jwtSecret);

    const second = await resolveJwtSecret(config);
    expect(second.created).toBe(false);
    expect(second.config.jwtSecret).toBe(first.config.jwtSecret);

    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'jwt-secret-'));
    const other = await resolveJwtSecret(loadConfig({ DATA_DIR: elsewhere }));
    expect(other.config.jwtSecret).not.toBe(first.config.jwtSecret);
    await rm(elsewhere, { recursive: true, force: true });
  });

  it('makes a copied file owner-only again, and refuses an empty one', async () => {
    const file = path.join(dataDir, JWT_SECRET_FILE);
    await writeFile(file, 'x'.repeat(64));
    await chmod(file, 0o644);
    const { config } = await resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(config.jwtSecret).toBe('x'.repeat(64));
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    await writeFile(file, '  ');
    await expect(resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(/no usable secret/);
  });

  it('leaves JWT_SECRET alone when it is set', async () => {
    const { config, created } = await resolveJwtSecret(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'from-the-environment-0123456789abcdef' }));
    expect(created).toBe(false);
    expect(config.jwtSecret).toBe('from-the-environment-0123456789abcdef');
    await expect(stat(path.join(dataDir, JWT_SECRET_FILE))).rejects.toThrow();
  });
});
