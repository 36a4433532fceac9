/** Argument pieces the areas' mutator schemas share. */
import { z } from 'zod';
import type { SyncedAttachment } from '../../schema/uploads';
import { lazy } from '../../schema/lazy';

/** The id of an existing row. */
export const rowId = lazy(() => z.string().trim().min(1, 'Id is required').max(64, 'Id is too long'));
/** Ids the client makes for new rows (crypto.randomUUID()); the server refuses anything else. */
export const newRowId = lazy(() => z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Id is invalid'));

/** What the screen knows of a file it uploaded before the mutation (the server reads the upload record instead). */
export const shownFile = lazy(() => z.object({ filename: z.string().max(255), fileSize: z.number().int().nonnegative(), fileType: z.string().max(10) }));

/** The optimistic attachment of a record or message: the uploaded key, with what the screen showed of the file. */
export const optimisticAttachment = (s3Key: string | null | undefined, file: z.output<typeof shownFile> | undefined): SyncedAttachment | null =>
  s3Key ? { s3Key, filename: file?.filename ?? '', fileSize: file?.fileSize ?? 0, fileType: file?.fileType ?? '' } : null;
