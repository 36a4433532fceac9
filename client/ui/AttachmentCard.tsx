/**
 * An attachment on a detail screen: file name, upper-cased type, size, and Download,
 * which needs a connection (disabled offline, with the reason).
 */
import { useState } from 'react';
import { downloadAttachment, type DownloadFeature } from '../lib/download';
import { useOnline } from '../lib/replicache';
import type { UploadedFile } from '../lib/upload';
import { Button } from './Button';
import { Card, CardBody, CardHeader } from './Card';
import { FileSummary } from './FileSummary';

export const DOWNLOAD_FAILED = 'Failed to download attachment';
export const DOWNLOAD_OFFLINE_TEXT = 'Downloads need a connection.';

/** Download of one stored file: busy while the URL is fetched, the spec's failure text otherwise. */
export function useAttachmentDownload(feature: DownloadFeature, s3Key: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setError(null);
    setBusy(true);
    try {
      await downloadAttachment(feature, s3Key);
    } catch {
      setError(DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }
  return { download, busy, error };
}

export function AttachmentCard({ feature, file, title = 'Attachment' }: { feature: DownloadFeature; file: UploadedFile; title?: string }) {
  const online = useOnline();
  const { download, busy, error } = useAttachmentDownload(feature, file.s3Key);

  return (
    <Card>
      <CardHeader title={title} />
      <CardBody className="flex flex-wrap items-center justify-between gap-3">
        <FileSummary file={file} />
        <div className="flex flex-col items-end gap-1">
          <Button variant="secondary" size="sm" onClick={download} busy={busy} busyText="Preparing..." disabled={!online}>
            Download<span className="sr-only"> {file.fileName}</span>
          </Button>
          {!online && <p className="text-xs text-neutral-600">{DOWNLOAD_OFFLINE_TEXT}</p>}
          {error && (
            <p role="alert" className="text-xs text-danger-700">
              {error}
            </p>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
