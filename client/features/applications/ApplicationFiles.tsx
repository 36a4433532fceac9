/** The application's photos and plans, each with its Download button (a download needs a connection). */
import type { SyncedAttachment } from '../../../schema/uploads';
import { useOnline } from '../../lib/replicache';
import { uploadedFileOf } from '../../lib/upload';
import { Button, Card, CardBody, CardHeader, DOWNLOAD_OFFLINE_TEXT, FileSummary, useAttachmentDownload } from '../../ui';

function FileRow({ file }: { file: SyncedAttachment }) {
  const online = useOnline();
  const { download, busy, error } = useAttachmentDownload('applications', file.s3Key);
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <FileSummary file={uploadedFileOf(file)} small />
        {error && <p className="text-xs text-danger-700">{error}</p>}
      </div>
      <Button variant="secondary" size="sm" onClick={() => void download()} busy={busy} disabled={!online} aria-label={`Download ${file.filename}`}>
        Download
      </Button>
    </li>
  );
}

export function ApplicationFiles({ photos, plans, refused }: { photos: SyncedAttachment[]; plans: SyncedAttachment[]; refused: { fileName: string; reason: string }[] }) {
  const online = useOnline();
  if (photos.length + plans.length + refused.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Plans and Photos" />
      <CardBody className="space-y-3">
        {[
          { title: `Plans (${plans.length})`, list: plans },
          { title: `Photos (${photos.length})`, list: photos },
        ].map(
          (group) =>
            group.list.length > 0 && (
              <section key={group.title} aria-label={group.title}>
                <h3 className="text-sm font-semibold text-neutral-900">{group.title}</h3>
                <ul className="divide-y divide-neutral-200">
                  {group.list.map((f) => (
                    <FileRow key={f.s3Key} file={f} />
                  ))}
                </ul>
              </section>
            ),
        )}
        {refused.map((r) => (
          <p key={r.fileName} className="text-sm text-danger-700">
            {r.fileName} was not received: {r.reason}
          </p>
        ))}
        {!online && <p className="text-sm text-neutral-500">{DOWNLOAD_OFFLINE_TEXT}</p>}
      </CardBody>
    </Card>
  );
}
