/** Inspection rounds, server half: REST, the synced rounds and stops, the mutators' domain calls. */
import type { inspectionMutators } from '../../sync/areas/inspections';
import { markStop, setRoundStatus, startRound } from '../domain/inspections';
import { roundSyncArea, stopSyncArea } from '../domain/inspections/sync';
import { inspectionRoutes } from '../routes/inspections';
import { defineServerArea, type ServerMutators } from '../kit/server-area';

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof inspectionMutators> = {
  startInspectionRound: (deps, tx, actor, { id, title, date }) => startRound(deps, tx, actor, { id, title, date }),
  markInspectionStop: (deps, tx, actor, a) => markStop(deps, tx, actor, a.roundId, a.addressId, { outcome: a.outcome, violation_id: a.violationId }),
  undoInspectionStop: (deps, tx, actor, a) => markStop(deps, tx, actor, a.roundId, a.addressId, { outcome: null, violation_id: null }),
  setInspectionRoundStatus: (deps, tx, actor, a) => setRoundStatus(deps, tx, actor, a.id, a.status),
};

export const inspectionsArea = defineServerArea({
  name: 'inspections',
  routes: [{ path: '/api/inspections', router: inspectionRoutes }],
  sync: [roundSyncArea, stopSyncArea],
  mutators,
});
