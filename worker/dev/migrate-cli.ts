/** `npm run db:migrate`: apply the migrations to DATABASE_URL (a file or a remote libSQL server). */
import { openDatabase } from './database';
import { runMigrations } from './migrate';

const url = process.env.DATABASE_URL ?? 'file:data/hoa.db';
const database = await openDatabase(url, process.env.DATABASE_AUTH_TOKEN);
await runMigrations(database);
database.client.close();
console.log(`Migrations applied to ${url.replace(/\/\/[^@]*@/, '//')}`);
