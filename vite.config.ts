import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API, the CTI server and sockets to the app server (npm run dev).
const target = `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': target,
      '/cti': target,
      '/socket.io': { target, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // zod and src/api/zod-jitless.ts share one chunk, the config call last: it then runs before any
        // contract builds a schema, in whichever chunk that contract lands (the entry chunk's own body runs
        // after the chunks it imports). Without it zod probes `new Function`, which the CSP refuses.
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]api[\\/]zod-jitless\.ts$/ }] },
      },
    },
  },
});
