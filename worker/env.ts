import type { Actor } from './domain/actor';
import type { AppDeps } from './deps';

/** Hono's typed context for every route: the deps, and the actor once authenticated. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    actor: Actor;
    requestId: string;
  };
}
