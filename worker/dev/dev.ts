/**
 * `npm run dev`: Vite with hot reload for the client, proxying /api and /dev to the Node server
 * started in this same process (same database and demo data as `npm start`).
 *
 *   PORT      the address to open, Vite (default 5173)
 *   API_PORT  the Node server behind it (default 8787)
 */
import { createServer } from 'vite';
import { readNodeOptions, startNodeServer } from '../node';

const vitePort = Number(process.env.PORT ?? 5173);
const apiPort = Number(process.env.API_PORT ?? 8787);
// Links in mails (reset, invitation) must open the dev server, not the API behind it.
const appUrl = process.env.APP_URL ?? `http://localhost:${vitePort}`;

const api = await startNodeServer({ ...readNodeOptions(), port: apiPort, appUrl });
const target = `http://localhost:${apiPort}`;
const vite = await createServer({
  configFile: 'vite.config.ts',
  server: {
    port: vitePort,
    strictPort: true,
    // The Host header is kept, so the API sees the dev origin (cookies, links).
    proxy: { '/api': { target }, '/dev': { target } },
  },
});
await vite.listen();
vite.printUrls();

const stop = async (signal: string) => {
  console.log(`\n${signal}: shutting down`);
  setTimeout(() => process.exit(0), 3000).unref();
  await Promise.allSettled([vite.close(), api.close()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
