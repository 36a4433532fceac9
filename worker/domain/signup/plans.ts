import { PLANS, type PlansResponse } from '../../../schema/signup';

/**
 * `GET /api/signup/plans`: the catalogue keyed by name. The optional `email` query
 * changes nothing: every visitor is offered the same plans (docs/decisions/139-free-plan-and-availability-limits.md).
 */
export function listPlans(): PlansResponse {
  return structuredClone(PLANS);
}
