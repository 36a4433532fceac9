/**
 * Export CSV: a checkbox per column (all ticked at first), then the file is built on this device from
 * the rows it is given (the list as filtered, from the cache: it works offline) and saved.
 */
import { useEffect, useState } from 'react';
import { exportCsv, type ExportColumn } from '../../../schema/people-export';
import { saveTextFile } from '../../lib/download';
import { Dialog, DialogActions } from '../../ui';

export function ExportDialog<T>({
  open,
  onClose,
  columns,
  rows,
  fileName,
  what,
}: {
  open: boolean;
  onClose: () => void;
  columns: readonly ExportColumn<T>[];
  /** Read when Export is pressed (the list as filtered now). */
  rows: () => readonly T[];
  fileName: string;
  /** "residents", "addresses": the dialog's words. */
  what: string;
}) {
  const [chosen, setChosen] = useState(() => new Set(columns.map((c) => c.key)));
  useEffect(() => {
    if (open) setChosen(new Set(columns.map((c) => c.key)));
  }, [open, columns]);
  const toggle = (key: string, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const save = () => {
    saveTextFile(fileName, exportCsv(columns, chosen, rows()));
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title="Export CSV"
      description={`The ${what} the list shows now, with the columns ticked below.`}
      footer={<DialogActions onCancel={onClose} onClick={save} label="Export" disabled={chosen.size === 0} />}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-neutral-900">Columns</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {columns.map((c) => (
            <label key={c.key} className="flex items-center gap-2 text-sm text-neutral-800">
              <input type="checkbox" className="size-4 accent-accent-700" checked={chosen.has(c.key)} onChange={(e) => toggle(c.key, e.target.checked)} />
              {c.header}
            </label>
          ))}
        </div>
      </fieldset>
    </Dialog>
  );
}
