import { buildClientIfStale } from '../helpers/browser';

/** Builds the client once for the whole e2e run (skipped when dist/client is up to date). */
export default function setup() {
  buildClientIfStale();
}
