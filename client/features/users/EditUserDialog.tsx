/**
 * Edit User: name, email (confirmed by a link mailed to the new address), phone, address, role (within
 * what the actor may grant) and status (the moves `userPolicy.statusOptions` allows).
 * A change between resident and board, or a grant of Super Admin, asks first (Confirm Role Change)
 * with the rights gained or kept; the server checks every rule again. A member invited by email alone
 * has no name until they accept: the name is then optional (userPolicy.nameRequired).
 */
import { useEffect, useMemo, useState } from 'react';
import type { ApiUser } from '../../../schema/auth';
import type { Role, UserStatus } from '../../../schema/roles';
import { editUserSchemaFor, ROLE_LABELS, STATUS_LABELS, USER_MESSAGES, userPolicy, type EditUser, type PolicyUser } from '../../../schema/users';
import { AddressPicker, NO_ADDRESS_PICKED, type PickedAddress } from '../addresses/AddressPicker';
import { errorMessage } from '../../lib/api';
import { useDraft } from '../../lib/use-draft';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Alert, Dialog, DialogActions, Field, Input, optionsOf, Select } from '../../ui';
import { RoleChangeConfirm } from './RoleChangeConfirm';
import { usersApi } from './users-api';

/** The member edited, as the list holds them (the synced member). */
export interface EditableUser {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  status: UserStatus;
  address: PickedAddress | null;
}
type EditValues = Omit<EditUser, 'address_id'> & { address: PickedAddress };
const valuesOf = (user: EditableUser): EditValues => ({ name: user.name, role: user.role, status: user.status, email: user.email, phone: user.phone ?? '', address: user.address ?? NO_ADDRESS_PICKED });
const NOTHING_OPENED: EditValues = { name: '', role: 'resident', status: 'active', email: '', phone: '', address: NO_ADDRESS_PICKED };

export function EditUserDialog({
  user,
  actor,
  onClose,
  onSaved,
}: {
  /** The member as the cache holds them now (a save arriving through sync updates the untouched fields). */
  user: EditableUser | null;
  actor: PolicyUser;
  onClose: () => void;
  /** The saved user, and the status that was asked for (a user who never activated set active comes back invited). */
  onSaved: (u: ApiUser & { email_change_sent_to?: string }, requested: UserStatus) => void;
}) {
  const [draft, setValues] = useDraft(user && valuesOf(user), user?._id);
  const values = draft ?? NOTHING_OPENED;
  const [confirming, setConfirming] = useState<EditUser | null>(null);
  const save = async (data: EditUser) => {
    const saved = await usersApi.update(user!._id, data);
    setConfirming(null);
    onSaved(saved, data.status);
  };
  const schema = useMemo(() => editUserSchemaFor({ name: user?.name ?? '' }), [user?.name]);
  const failed = (e: unknown) => errorMessage(e, USER_MESSAGES.updateFailed);
  const form = useFormSubmit(
    schema,
    useMemo(() => ({ ...values, address_id: values.address._id }), [values]),
    async (data) => {
      if (user && userPolicy.needsRoleConfirmation(user.role, data.role)) setConfirming(data);
      else await save(data);
    },
    failed,
  );

  // Each open starts unconfirmed.
  const openedFor = user?._id;
  useEffect(() => setConfirming(null), [openedFor]);
  if (!user) return <Dialog open={false} onClose={onClose} title="Edit User" />;

  // A superadmin's row (only a superadmin edits it) keeps its role among the choices.
  const roles: Role[] = [...new Set([...userPolicy.grantableRoles(actor.role), user.role])];
  const statuses: UserStatus[] = userPolicy.statusOptions(user.status);
  const nameRequired = userPolicy.nameRequired(user);
  const set = (k: 'name' | 'email' | 'phone') => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const warning = confirming && userPolicy.roleChangeWarning(user.role, confirming.role);

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
          <Field label="Name" required={nameRequired} error={form.errors.name} hint={nameRequired ? undefined : 'They give their name when they accept the invitation.'}>
            <Input value={values.name} onChange={set('name')} invalid={!!form.errors.name} required={nameRequired} />
          </Field>
          <Field label="Email" error={form.errors.email} hint="A new address is confirmed by a link mailed to it; the email changes once it is opened.">
            <Input type="email" value={values.email ?? ''} onChange={set('email')} invalid={!!form.errors.email} />
          </Field>
          <Field label="Phone" error={form.errors.phone}>
            <Input type="tel" value={values.phone ?? ''} onChange={set('phone')} invalid={!!form.errors.phone} />
          </Field>
          <Field label="Address" error={form.errors.address_id}>
            <AddressPicker open={!!user && !confirming} value={values.address} onChange={(address) => setValues((v) => ({ ...v, address }))} />
          </Field>
          <Field label="Role" error={form.errors.role}>
            <Select options={optionsOf(roles, ROLE_LABELS)} value={values.role} onChange={(role) => setValues((v) => ({ ...v, role }))} />
          </Field>
          <Field label="Status" error={form.errors.status} hint={user.status === 'invited' ? 'An inactive invitation can no longer be accepted.' : undefined}>
            <Select options={optionsOf(statuses, STATUS_LABELS)} value={values.status} onChange={(status) => setValues((v) => ({ ...v, status }))} />
          </Field>
        </form>
      </Dialog>
      <RoleChangeConfirm
        change={confirming && warning ? { who: user.name || user.email, from: user.role, to: confirming.role, warning } : null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => save(confirming!)}
        failureMessage={failed}
      />
    </>
  );
}
