import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// Three projects: server (API against a real database), client (machines and components in jsdom),
// e2e (real Chromium against a real server). `npm test` runs all three; `.ci/run` runs each with
// `--project` in a step of its own (client once, server on PostgreSQL and on PGlite, e2e on PostgreSQL;
// docs/testing.md), so a new project needs a step there too.
//
// Two workers: vitest's default is one fewer than the CPUs, which is a single worker on a 2-vCPU machine
// (CI's), and per-file start-up (jsdom, imports, a database) then runs one file at a time while the
// other core idles. Server and client files share the two workers; the browser tests run after them,
// one file at a time, so their timings never compete with other files for the CPU.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: ['server/**/*.test.ts'],
          globals: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          // jsdom and the imports are set up once per worker and each file gets a fresh VM context, not a
          // fresh process: the client files take 2 minutes instead of 3.5 (forks, two workers). In a VM
          // context a CommonJS file cannot require an ES module, so the two packages that do (axios's
          // Node build, react-router-dom's CommonJS entry) resolve to the builds the browser gets anyway.
          pool: 'vmThreads',
          alias: {
            axios: 'axios/dist/browser/axios.cjs',
            'react-router-dom': fileURLToPath(new URL('./node_modules/react-router-dom/dist/index.mjs', import.meta.url)),
          },
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.{ts,tsx}'],
          globals: true,
          setupFiles: ['tests/setup-client.ts'],
          // A screen test under CI's load (two workers on two cores beside PostgreSQL) can take over the
          // default 5 s: a timeout there says the machine was busy, not that the screen is wrong.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          sequence: { groupOrder: 1 },
          include: ['tests/e2e/**/*.test.ts'],
          globals: true,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['tests/e2e/support/build-once.ts'],
        },
      },
    ],
  },
});
