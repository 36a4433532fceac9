/**
 * Invite User: email, role within what the actor may grant, optional address (searched
 * over the whole directory) and phone. Inviting someone as Super Admin is confirmed first, as the
 * grant is on Edit User.
 */
import { useEffect, useState } from 'react';
import type { Role } from '../../../schema/roles';
import { inviteUserSchema, ROLE_LABELS, USER_MESSAGES, userPolicy, type InviteUser } from '../../../schema/users';
import { errorMessage } from '../../lib/api';
import { useDraft } from '../../lib/use-draft';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Alert, Dialog, DialogActions, Field, Input, optionsOf, Select } from '../../ui';
import { AddressPicker, NO_ADDRESS_PICKED } from '../addresses/AddressPicker';
import { RoleChangeConfirm } from './RoleChangeConfirm';
import { usersApi } from './users-api';

const EMPTY = { email: '', role: 'resident' as Role, address: NO_ADDRESS_PICKED, phone: '' };

export function InviteUserDialog({ open, actorRole, onClose, onInvited }: { open: boolean; actorRole: Role; onClose: () => void; onInvited: (email: string) => void }) {
  const [draft, setValues] = useDraft(open ? EMPTY : null);
  const values = draft ?? EMPTY;
  const [confirming, setConfirming] = useState<InviteUser | null>(null);
  const failed = (e: unknown) => errorMessage(e, USER_MESSAGES.inviteFailed);
  const send = async (data: InviteUser) => {
    await usersApi.invite(data);
    setConfirming(null);
    onInvited(data.email);
  };
  const { address, ...rest } = values;
  const form = useFormSubmit(
    inviteUserSchema,
    { ...rest, address_id: address._id },
    async (data) => {
      if (userPolicy.inviteWarning(data.role)) setConfirming(data);
      else await send(data);
    },
    failed,
  );

  // Each open starts unconfirmed.
  useEffect(() => {
    if (open) setConfirming(null);
  }, [open]);
  const set = (k: 'email' | 'role' | 'phone') => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const warning = confirming && userPolicy.inviteWarning(confirming.role);

  return (
    <>
      <Dialog
        open={open && !confirming}
        onClose={onClose}
        title="Invite User"
        description="They get an email with a link to activate their account (valid for 7 days)."
        footer={<DialogActions onCancel={onClose} form="invite-user" busy={form.busy} busyText="Sending..." label="Send Invitation" />}
      >
        <form id="invite-user" noValidate onSubmit={form.onSubmit} className="space-y-4">
          {form.error && <Alert tone="error">{form.error}</Alert>}
          <Field label="Email" required error={form.errors.email}>
            <Input type="email" autoComplete="off" value={values.email} onChange={set('email')} invalid={!!form.errors.email} required />
          </Field>
          <Field label="Role" error={form.errors.role}>
            <Select options={optionsOf(userPolicy.grantableRoles(actorRole), ROLE_LABELS)} value={values.role} onChange={(role) => setValues((v) => ({ ...v, role }))} />
          </Field>
          <Field label="Address" error={form.errors.address_id}>
            <AddressPicker open={open} value={address} onChange={(a) => setValues((v) => ({ ...v, address: a }))} />
          </Field>
          <Field label="Phone" error={form.errors.phone}>
            <Input type="tel" value={values.phone} onChange={set('phone')} invalid={!!form.errors.phone} />
          </Field>
        </form>
      </Dialog>
      <RoleChangeConfirm
        change={confirming && warning ? { who: confirming.email, from: null, to: confirming.role, warning } : null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => send(confirming!)}
        failureMessage={failed}
      />
    </>
  );
}
