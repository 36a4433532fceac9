/**
 * Asks before a sign-in as another user discards the changes a previous session left waiting.
 * Loaded by the sign-in screen only when some wait. Not among the public screens' modules
 * (vite/chunks.ts): the dialog code then comes with the signed-in chunk, which the sign-in about to
 * happen needs anyway, instead of with every visit of /login.
 */
import { Dialog, DialogActions } from '../../ui/Dialog';
import { discardText, itOrThem } from '../auth/waiting-changes';

export function DiscardWaitingDialog({
  open,
  waiting,
  owner,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  waiting: number;
  /** Whose changes they are (the email of the session that ended). */
  owner: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      size="sm"
      title="Discard waiting changes?"
      footer={<DialogActions onCancel={onCancel} onClick={onConfirm} variant="danger" label="Discard and Sign In" />}
    >
      <div className="space-y-3 text-sm text-neutral-700">
        <p>{discardText(waiting)}.</p>
        <p>
          {waiting === 1 ? 'It was made as' : 'They were made as'} <strong className="break-words">{owner}</strong> and {waiting === 1 ? 'has' : 'have'} not reached the server. To send{' '}
          {itOrThem(waiting)}, cancel and sign in with that account.
        </p>
      </div>
    </Dialog>
  );
}
