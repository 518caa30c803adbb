import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: server (API against a real database), client (machines and components in jsdom),
// e2e (real Chromium against a real server). `npm test` runs all three.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
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
          include: ['src/**/*.test.{ts,tsx}'],
          globals: true,
          setupFiles: ['tests/setup-client.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
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
