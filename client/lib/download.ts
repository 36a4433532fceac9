/**
 * Attachment downloads: `POST /api/<feature>/download-url` gives a short-lived storage
 * URL, which opens in a new tab so the app stays open. Files the client makes itself (a CSV
 * template, a statement built from the cache) are saved with `saveTextFile`, which needs no network.
 */
import type { UploadFeature } from '../../schema/uploads';
import { api } from './api';

/** The features whose attachments are fetched by key (documents download by id instead). */
export type DownloadFeature = Exclude<UploadFeature, 'documents'>;

export const fileDownloadUrl = (feature: DownloadFeature, s3Key: string) =>
  api<{ downloadUrl: string }>(`/api/${feature}/download-url`, { method: 'POST', body: { s3Key } });

/** Opens `url` in a new tab; where the browser blocks that, in this one. */
export function openDownload(url: string) {
  // 'noopener' would make window.open return null, so the opener is cut by hand.
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(url);
}

export async function downloadAttachment(feature: DownloadFeature, s3Key: string): Promise<void> {
  const { downloadUrl } = await fileDownloadUrl(feature, s3Key);
  openDownload(downloadUrl);
}

/** Saves text made on this device as a file (no network: an export built from the cache works offline). */
export function saveTextFile(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
