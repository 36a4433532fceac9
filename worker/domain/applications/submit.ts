/**
 * Submitting an application: it files the request of category Modification (the requests domain, the
 * same id: the request keeps the thread and the board hears of it by mail) and records the
 * application beside it, with its deadline (submitted plus the HOA's review days), its photos and plans.
 * Each file's key must have been issued to the resident for applications and be stored.
 */
import { eq } from 'drizzle-orm';
import { APPLICATION_HISTORY, APPLICATION_MESSAGES, applicationPolicy, type ApplicationForm } from '../../../schema/applications';
import { applicationFiles, applicationHistory, architecturalApplications } from '../../../schema/tables';
import { fileExtension } from '../../../schema/uploads';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, forbidden } from '../errors';
import { createRequest } from '../requests';
import { recordHistory } from '../threads';
import { takeIssuedKey, type IssuedUpload } from '../uploads';
import { settingsOf, type ApplicationRow } from './rows';
import { applicationRows } from './sync';

async function takeFiles(deps: AppDeps, tx: Tx, actor: Actor, keys: readonly string[], path: 'photos' | 'plans'): Promise<IssuedUpload[]> {
  const taken: IssuedUpload[] = [];
  for (const [i, key] of [...new Set(keys)].entries()) taken.push(await takeIssuedKey(tx, deps.clock(), actor, 'applications', key, `${path}.${i}`));
  return taken;
}

export async function submitApplication(deps: AppDeps, tx: Tx, actor: Actor, input: ApplicationForm & { id?: string }): Promise<ApplicationRow> {
  if (!applicationPolicy.maySubmit(actor.role)) throw forbidden();
  const id = input.id ?? newId();
  if (input.id) {
    const [taken] = await tx.select({ id: architecturalApplications.id }).from(architecturalApplications).where(eq(architecturalApplications.id, id)).limit(1);
    if (taken) throw conflict(APPLICATION_MESSAGES.idTaken);
  }
  const photos = await takeFiles(deps, tx, actor, input.photos, 'photos');
  const plans = await takeFiles(deps, tx, actor, input.plans, 'plans');
  const request = await createRequest(deps, tx, actor, { id, title: input.title, description: input.description, category: 'Modification', photo_url: null });
  const now = deps.clock();
  const { reviewDays } = await settingsOf(tx, actor.hoaId);
  const files = [...photos.map((u, position) => ({ u, position, kind: 'photo' as const })), ...plans.map((u, position) => ({ u, position, kind: 'plan' as const }))];
  if (files.length) {
    await tx.insert(applicationFiles).values(
      files.map(({ u, position, kind }) => ({ hoaId: actor.hoaId, applicationId: id, kind, position, s3Key: u.s3Key, fileName: u.fileName, fileSize: u.fileSize, fileType: fileExtension(u.fileName), createdAt: now })),
    );
  }
  await recordHistory(tx, applicationHistory, actor, { hoaId: actor.hoaId, parentId: id, action: APPLICATION_HISTORY.submitted, at: now });
  const [row] = await applicationRows.insert(deps, tx, {
    id,
    hoaId: actor.hoaId,
    userId: request.userId,
    startDate: input.start_date,
    submittedAt: now,
    deadline: applicationPolicy.deadlineOf(now, reviewDays),
    status: 'under_review',
    photosRefused: input.photos_refused?.length ? JSON.stringify(input.photos_refused.map((r) => ({ fileName: r.file_name, reason: r.reason }))) : null,
    createdAt: now,
    updatedAt: now,
  });
  return row;
}
