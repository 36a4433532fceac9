/** Ledger questions, server half: REST, the synced questions, the asking and messaging mutators' domain calls. */
import type { ledgerQuestionMutators } from '../../sync/areas/ledger-questions';
import { addLedgerQuestionMessage, askAboutLine, ledgerQuestionSyncArea } from '../domain/ledger-questions';
import { BODY_LIMITS } from '../middleware/body-limit';
import { ledgerQuestionRoutes } from '../routes/ledger-questions';
import { defineServerArea, type ServerMutators } from '../kit/server-area';

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof ledgerQuestionMutators> = {
  askAboutLine: (deps, tx, actor, { shown: _shown, ...input }) => askAboutLine(deps, tx, actor, input),
  addLedgerQuestionMessage: (deps, tx, actor, args) => addLedgerQuestionMessage(deps, tx, actor, args.questionId, { id: args.id, message: args.message }),
};

export const ledgerQuestionsArea = defineServerArea({
  name: 'ledger-questions',
  routes: [
    {
      path: '/api/ledger-questions',
      router: ledgerQuestionRoutes,
      // Asking and messages carry a rich-text message.
      bodyLimits: { '/': BODY_LIMITS.richText, '/:id/messages': BODY_LIMITS.richText },
    },
  ],
  sync: [ledgerQuestionSyncArea],
  mutators,
});
