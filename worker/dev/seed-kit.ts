/**
 * What the demo seed (worker/dev/seed.ts) and the areas' seeders (worker/dev/seed-<area>.ts) share:
 * the options, what the platform seeded, the seeder's shape and the demo password. Apart from
 * seed.ts, which runs the seeders, so that no seeder imports the module that imports it.
 */
import type { Tx } from '../db';
import type { FileStorage } from '../services/storage/types';

export const DEMO_PASSWORD = 'Password123';

/** Both demo HOAs are in Texas: their due dates, and the tests' "today", are days of Central time. */
export const DEMO_TIME_ZONE = 'America/Chicago';

export interface SeedOptions {
  now: number;
  /** PBKDF2 count for the demo passwords (tests use a low one to stay fast). */
  passwordIterations: number;
  /** Where demo attachments are stored (the local S3 of `npm start`); without it areas seed no files. */
  storage?: FileStorage;
}

/** Area seeders run in order inside the seed transaction; later issues append theirs. */
export type AreaSeeder = (tx: Tx, ctx: SeededPlatform, opts: SeedOptions) => Promise<void>;

export interface SeededHoa {
  id: string;
  name: string;
  userIds: Record<string, string>;
  addressIds: string[];
}
export interface SeededPlatform {
  hoas: SeededHoa[];
}
