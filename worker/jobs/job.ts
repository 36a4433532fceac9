import type { AppDeps } from '../deps';

/** One scheduled job: idempotent, and safe when two runs overlap. */
export interface Job {
  name: string;
  run(deps: AppDeps): Promise<unknown>;
}
