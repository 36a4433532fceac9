/**
 * `npm start`: build the client when it is missing or older than its sources, then run the Node entry.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const built = 'dist/client/index.html';
const sources = ['client', 'schema', 'sync', 'vite'].filter(existsSync);
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime), statSync('vite.config.ts', { throwIfNoEntry: false })?.mtimeMs ?? 0) > statSync(built).mtimeMs;
if (existsSync('client/index.html') && stale) {
  console.log('Building the client…');
  execSync('npx vite build', { stdio: 'inherit' });
}

const { runUntilSignalled } = await import('../node');
await runUntilSignalled();
