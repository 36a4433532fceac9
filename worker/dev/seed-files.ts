/**
 * Demo attachments for the area seeders: a small real PDF or PNG (sample-files.ts) stored through the
 * seed's storage (the local S3 of `npm start`) and recorded as issued to the HOA for the area, as an
 * upload would be. Returns the record's attachment columns.
 */
import { storageUploads } from '../../schema/tables';
import { fileExtension, type UploadFeature } from '../../schema/uploads';
import type { Tx } from '../db';
import { attachmentValues, storageKey } from '../domain/uploads';
import type { FileStorage } from '../services/storage/types';
import { newId } from '../services/tokens';
import { samplePdf, samplePng } from './sample-files';

/** A demo file: a PDF showing `pdfLines` (a `.pdf` name) or a picture. */
export interface DemoFile {
  name: string;
  pdfLines?: string[];
}

export async function seedAttachment(tx: Tx, storage: FileStorage, at: { hoaId: string; userId: string; feature: UploadFeature; time: number }, file: DemoFile) {
  const pdf = fileExtension(file.name) === 'pdf';
  const bytes = pdf ? samplePdf(file.pdfLines ?? [file.name]) : samplePng();
  const contentType = pdf ? 'application/pdf' : 'image/png';
  const key = storageKey(at.hoaId, at.feature, file.name);
  await storage.put({ key, contentType, body: bytes });
  const upload = { id: newId(), hoaId: at.hoaId, userId: at.userId, feature: at.feature, s3Key: key, fileName: file.name, fileType: contentType, fileSize: bytes.byteLength, createdAt: at.time, storedAt: at.time, attachedAt: at.time };
  await tx.insert(storageUploads).values(upload);
  return attachmentValues({ ...upload, clientUploadId: null, deletedAt: null });
}
