/** Architectural review, server half: REST, plans and photos, the synced applications and settings, the mutators' domain calls, the deadline job. */
import type { applicationMutators } from '../../sync/areas/applications';
import { applyApplicationDeadlines, mayReadApplicationFile, reviewApplication, saveApplicationSettings, sendApplicationLetter, submitApplication } from '../domain/applications';
import { applicationSettingsSyncArea, applicationSyncArea } from '../domain/applications/sync';
import { defineServerArea, type ServerMutators } from '../kit/server-area';
import { BODY_LIMITS } from '../middleware/body-limit';
import { applicationRoutes } from '../routes/applications';

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof applicationMutators> = {
  submitApplication: (deps, tx, actor, { shown: _shown, ...input }) => submitApplication(deps, tx, actor, input),
  reviewApplication: (deps, tx, actor, { applicationId, decision, conditions, reasons }) => reviewApplication(deps, tx, actor, applicationId, { decision, conditions, reasons }),
  sendApplicationLetter: (deps, tx, actor, { applicationId, letter }) => sendApplicationLetter(deps, tx, actor, applicationId, { letter }),
  setApplicationSettings: (deps, tx, actor, { review_days, deadline_rule }) => saveApplicationSettings(deps, tx, actor, { review_days, deadline_rule }),
};

export const applicationsArea = defineServerArea({
  name: 'applications',
  // The description and the letter are rich text.
  routes: [{ path: '/api/applications', router: applicationRoutes, bodyLimits: { '/': BODY_LIMITS.richText, '/:id/letter': BODY_LIMITS.richText } }],
  uploads: { feature: 'applications', path: '/api/applications', download: true, mayRead: mayReadApplicationFile },
  sync: [applicationSyncArea, applicationSettingsSyncArea],
  mutators,
  jobs: [{ name: 'apply-application-deadlines', run: (deps) => applyApplicationDeadlines(deps) }],
});
