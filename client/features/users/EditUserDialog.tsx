/**
 * Edit User (platform §4–§5): name, role (within what the actor may grant) and status (§4's moves).
 * A change between resident and board asks first (Confirm Role Change) with the rights gained or
 * kept; the server checks every rule again.
 */
import { useEffect, useState } from 'react';
import type { ApiUser } from '../../../schema/auth';
import type { Role, UserStatus } from '../../../schema/roles';
import { editUserSchema, ROLE_CHANGE_WARNINGS, ROLE_LABELS, STATUS_LABELS, USER_MESSAGES, userPolicy, type EditUser, type PolicyUser } from '../../../schema/users';
import { errorMessage } from '../../lib/api';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Alert, Dialog, DialogActions, Field, Input, Select } from '../../ui';
import { usersApi } from './users-api';

export function EditUserDialog({ user, actor, onClose, onSaved }: { user: ApiUser | null; actor: PolicyUser; onClose: () => void; onSaved: (u: ApiUser) => void }) {
  const [values, setValues] = useState<EditUser>({ name: '', role: 'resident', status: 'active' });
  const [confirming, setConfirming] = useState<EditUser | null>(null);
  const save = async (data: EditUser) => {
    const saved = await usersApi.update(user!._id, data);
    setConfirming(null);
    onSaved(saved);
  };
  const form = useFormSubmit(
    editUserSchema,
    values,
    async (data) => {
      if (user && userPolicy.needsRoleConfirmation(user.role, data.role)) setConfirming(data);
      else await save(data);
    },
    (e) => errorMessage(e, USER_MESSAGES.updateFailed),
  );
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);

  useEffect(() => {
    if (user) setValues({ name: user.name, role: user.role, status: user.status });
    setConfirming(null);
    setConfirmError(null);
  }, [user]);
  if (!user) return <Dialog open={false} onClose={onClose} title="Edit User" />;

  // A superadmin's row (only a superadmin edits it) keeps its role among the choices.
  const roles: Role[] = [...new Set([...userPolicy.grantableRoles(actor.role), user.role])];
  const statuses: UserStatus[] = userPolicy.statusOptions(user.status);
  const set = (k: keyof EditUser) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function confirm() {
    setConfirmBusy(true);
    setConfirmError(null);
    try {
      await save(confirming!);
    } catch (e) {
      setConfirmError(errorMessage(e, USER_MESSAGES.updateFailed));
    } finally {
      setConfirmBusy(false);
    }
  }
  const toBoard = confirming?.role === 'board';
  const warning = toBoard ? ROLE_CHANGE_WARNINGS.toBoard : ROLE_CHANGE_WARNINGS.toResident;

  return (
    <>
      <Dialog
        open={!confirming}
        onClose={onClose}
        title="Edit User"
        description={user.email}
        footer={<DialogActions onCancel={onClose} form="edit-user" busy={form.busy} busyText="Updating..." label="Save Changes" />}
      >
        <form id="edit-user" noValidate onSubmit={form.onSubmit} className="space-y-4">
          {form.error && <Alert tone="error">{form.error}</Alert>}
          <Field label="Name" required error={form.errors.name}>
            <Input value={values.name} onChange={set('name')} invalid={!!form.errors.name} required />
          </Field>
          <Field label="Role" error={form.errors.role}>
            <Select value={values.role} onChange={set('role')}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Status" error={form.errors.status} hint={user.status === 'invited' ? 'An inactive invitation can no longer be accepted.' : undefined}>
            <Select value={values.status} onChange={set('status')}>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </Field>
        </form>
      </Dialog>
      <Dialog
        open={!!confirming}
        onClose={() => setConfirming(null)}
        size="sm"
        title="Confirm Role Change"
        description={`${user.name || user.email}: ${ROLE_LABELS[user.role]} → ${confirming ? ROLE_LABELS[confirming.role] : ''}`}
        footer={<DialogActions onCancel={() => setConfirming(null)} onClick={() => void confirm()} busy={confirmBusy} busyText="Updating..." label="Confirm Change" />}
      >
        <div className="space-y-3 text-sm text-neutral-700">
          {confirmError && <Alert tone="error">{confirmError}</Alert>}
          <Alert tone="warning" title={warning.title}>
            {toBoard ? 'They will gain the rights to:' : 'They will keep resident rights only:'}
          </Alert>
          <ul className="list-disc space-y-1 pl-5">
            {('gains' in warning ? warning.gains : warning.keeps).map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      </Dialog>
    </>
  );
}
