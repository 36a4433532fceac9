import type { DownloadFeature } from '../../lib/download';
import { useOnline } from '../../lib/replicache';
import type { UploadedFile } from '../../lib/upload';
import { Button, DOWNLOAD_OFFLINE_TEXT, PaperclipIcon, useAttachmentDownload } from '../../ui';

/** A message's file: its name on a button that downloads it (needs a connection). */
export function AttachmentButton({ feature, file }: { feature: DownloadFeature; file: UploadedFile }) {
  const online = useOnline();
  const { download, busy, error } = useAttachmentDownload(feature, file.s3Key);
  return (
    <div>
      <Button variant="secondary" size="sm" onClick={download} busy={busy} busyText="Preparing..." disabled={!online} title={online ? undefined : DOWNLOAD_OFFLINE_TEXT}>
        <PaperclipIcon className="size-4" />
        <span className="max-w-48 truncate">{file.fileName}</span>
      </Button>
      {error && (
        <p role="alert" className="mt-1 text-xs text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
