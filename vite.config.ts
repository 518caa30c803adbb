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
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
});
