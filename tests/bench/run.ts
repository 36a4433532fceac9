/** `npm run bench`: every benchmark in tests/bench, one after the other. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  console.log(`\n== ${file}`);
  await import(pathToFileURL(join(dir, file)).href);
}
