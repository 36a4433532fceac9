/**
 * The decision letter: once the application is decided, the board sends the letter as it edited it
 * (sanitised on write), once. It is kept on the application (printable) and mailed to the resident.
 */
import { APPLICATION_HISTORY, APPLICATION_MESSAGES, applicationPolicy } from '../../../schema/applications';
import { isRichTextEmpty } from '../../../schema/rich-text';
import { applicationHistory } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { sanitizeRichText } from '../../services/sanitize';
import type { Actor } from '../actor';
import { conflict, invalidField } from '../errors';
import { recordHistory } from '../threads';
import { mailDecisionLetter } from './emails';
import { getVisibleApplication, requireBoard, type ApplicationRow } from './rows';
import { applicationIs, applicationRows } from './sync';

export async function sendApplicationLetter(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: { letter: string }): Promise<ApplicationRow> {
  requireBoard(actor);
  const row = await getVisibleApplication(tx, actor, id);
  if (!applicationPolicy.isDecided(row)) throw conflict(APPLICATION_MESSAGES.notDecided);
  if (row.letterSentAt != null) throw conflict(APPLICATION_MESSAGES.letterSent);
  const letter = sanitizeRichText(input.letter.trim());
  if (isRichTextEmpty(letter)) throw invalidField('letter', APPLICATION_MESSAGES.letterRequired);
  const now = deps.clock();
  const [updated] = await applicationRows.update(deps, tx, applicationIs(row.hoaId, row.id), { letter, letterSentAt: now, letterSentBy: actor.userId, updatedAt: now });
  await recordHistory(tx, applicationHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: APPLICATION_HISTORY.letterSent, at: now });
  await mailDecisionLetter(deps, tx, updated, letter);
  return updated;
}
