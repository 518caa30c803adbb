import { z } from 'zod';

/**
 * Zod compiles a fast parser for each object schema with `new Function`, after probing whether eval is
 * allowed. The app's Content-Security-Policy has no `'unsafe-eval'`
 * (server/src/plugins/content-security-policy.ts), and the probe, though caught, is reported as a policy
 * violation; so the browser parses without the compiled path. An object schema decides when it is built,
 * so this must run before any contract module: src/main.tsx imports it first (the dev server keeps that
 * order) and the production build puts it in zod's own chunk (vite.config.ts), which runs before every
 * chunk that uses zod.
 */
z.config({ jitless: true });
