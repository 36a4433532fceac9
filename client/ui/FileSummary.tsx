import { fileSizeText } from '../../schema/uploads';
import type { UploadedFile } from '../lib/upload';
import { cx } from './cx';

/** What is shown of a file: the upload result's fields. */
export type ShownFile = Pick<UploadedFile, 'fileName' | 'fileSize' | 'fileType'>;

/** A file's name, then its upper-cased type and size ("PDF · 0.23 MB"). */
export function FileSummary({ file, className, small = false }: { file: ShownFile; className?: string; small?: boolean }) {
  return (
    <div className={cx('min-w-0', className)}>
      <p className="truncate text-sm font-medium text-neutral-900">{file.fileName}</p>
      <p className={cx('tabular text-neutral-600', small ? 'text-xs' : 'text-sm')}>
        {file.fileType.toUpperCase()} · {fileSizeText(file.fileSize)}
      </p>
    </div>
  );
}
