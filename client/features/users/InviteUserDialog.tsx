/** Invite User (platform §5): email, role within what the actor may grant, optional address and phone. */
import { useEffect, useState } from 'react';
import { addressLabel, type ApiAddress } from '../../../schema/addresses';
import type { Role } from '../../../schema/roles';
import { inviteUserSchema, NO_ADDRESS, ROLE_LABELS, USER_MESSAGES, userPolicy } from '../../../schema/users';
import { errorMessage } from '../../lib/api';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Alert, Dialog, DialogActions, Field, Input, Select } from '../../ui';
import { addressesApi, usersApi } from './users-api';

const EMPTY = { email: '', role: 'resident' as Role, address_id: NO_ADDRESS, phone: '' };

export function InviteUserDialog({ open, actorRole, onClose, onInvited }: { open: boolean; actorRole: Role; onClose: () => void; onInvited: (email: string) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [addresses, setAddresses] = useState<ApiAddress[]>([]);
  const form = useFormSubmit(
    inviteUserSchema,
    values,
    async (data) => {
      await usersApi.invite(data);
      onInvited(data.email);
    },
    (e) => errorMessage(e, USER_MESSAGES.inviteFailed),
  );

  useEffect(() => {
    if (!open) return;
    setValues(EMPTY);
    // The address choices: the directory's first 100 (an address is optional; it can be set later).
    addressesApi.page(1, 100).then((r) => setAddresses(r.docs), () => setAddresses([]));
  }, [open]);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  return (
    <Dialog
      open={open}
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
          <Select value={values.role} onChange={set('role')}>
            {userPolicy.grantableRoles(actorRole).map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Address" error={form.errors.address_id}>
          <Select value={values.address_id} onChange={set('address_id')}>
            <option value={NO_ADDRESS}>No address</option>
            {addresses.map((a) => (
              <option key={a._id} value={a._id}>
                {addressLabel(a)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Phone" error={form.errors.phone}>
          <Input type="tel" value={values.phone} onChange={set('phone')} invalid={!!form.errors.phone} />
        </Field>
      </form>
    </Dialog>
  );
}
