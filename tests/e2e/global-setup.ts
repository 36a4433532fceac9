import { buildClientIfStale, prepareSeededTemplate } from '../helpers/browser';

/** Builds the client once for the whole e2e run (skipped when dist/client is up to date) and seeds the data folder every file's server copies. */
export default async function setup() {
  buildClientIfStale();
  const template = await prepareSeededTemplate();
  return () => template.remove();
}
