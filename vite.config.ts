import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA lives in client/ and builds to dist/client, which worker/node.ts and Workers Static Assets serve.
 * `npm run dev` (worker/dev/dev.ts) adds the /api and /dev proxy to the Node server.
 */
export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
  },
});
