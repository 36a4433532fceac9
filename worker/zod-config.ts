/**
 * Imported first by worker/app.ts and the entries: zod's JIT is off before any module of the worker
 * builds a schema at import (the routes' id parameters, the sync bodies). See schema/zod-config.ts.
 */
import { configureZod } from '../schema/zod-config';

configureZod();
