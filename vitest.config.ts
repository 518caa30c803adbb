import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: server (API against a real database), client (machines and components in jsdom),
// e2e (real Chromium against a real server). `npm test` runs all three.
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
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.{ts,tsx}'],
          globals: true,
          setupFiles: ['tests/setup-client.ts'],
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
