import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bootScript } from './vite/boot.ts';
import { compileHints } from './vite/compile-hints.ts';
import { precompressedCopies } from './vite/compress.ts';
import { loadingSplash } from './vite/splash.ts';
import { chunkCircles } from './vite/bundle-graph.ts';
import { chunkOf, resetChunkRegions } from './vite/chunks.ts';

/**
 * The SPA lives in client/ and builds to dist/client, which worker/node.ts and Workers Static Assets serve.
 * `npm run dev` (worker/dev/dev.ts) adds the /api and /dev proxy to the Node server.
 */
export default defineConfig({
  root: 'client',
  plugins: [
    { name: 'chunk-regions', buildStart: resetChunkRegions },
    {
      // A build whose chunks import each other in a circle fails here, not as a screen stuck loading.
      name: 'no-chunk-circles',
      generateBundle(_options, bundle) {
        const circles = chunkCircles(bundle);
        if (circles.length) this.error(`chunks import each other in a circle: ${circles.map((c) => c.join(' <> ')).join('; ')}`);
      },
    },
    bootScript(),
    compileHints(),
    loadingSplash(),
    react(),
    tailwindcss(),
    // The offline app shell: precache the built assets, answer every navigation with index.html,
    // and never touch /api or /dev (data comes from the Replicache cache, not the service worker).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['pwa-icon.svg'],
      manifest: {
        name: 'HOA Manager',
        short_name: 'HOA',
        description: 'Announcements, requests, documents, violations and dues for your homeowners association.',
        theme_color: '#14532d',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/dashboard',
        icons: [{ src: 'pwa-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/dev(\/|$)/],
        // /api straight to the network, where the browser can route without the worker (client/public/sw-network-routes.js).
        importScripts: ['sw-network-routes.js'],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    precompressedCopies(),
  ],
  // zod loads after the first screen has settled (client/lib/deferred-zod.ts); the server and the tests use it as it is.
  resolve: { alias: [{ find: /^zod$/, replacement: new URL('./client/lib/deferred-zod.ts', import.meta.url).pathname }] },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    rolldownOptions: {
      // vite/chunks.ts: the signed-in code in two chunks instead of thirty-odd.
      output: { codeSplitting: { groups: [{ name: chunkOf, debugName: 'signed-in or shared', includeDependenciesRecursively: false }] } },
    },
  },
});
