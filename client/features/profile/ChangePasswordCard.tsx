import { useEffect, useState, type ChangeEvent } from 'react';
import { AUTH_MESSAGES, changePasswordForm } from '../../../schema/auth';
import { api, ApiError } from '../../lib/api';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Alert, Button, Card, CardBody, CardHeader, Field, PasswordInput } from '../../ui';

const SUCCESS_MS = 5_000;

/** Change password: other devices are signed out, this one stays. */
export function ChangePasswordCard() {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [success, setSuccess] = useState<string | null>(null);
  const { errors, error, busy, onSubmit } = useFormSubmit(
    changePasswordForm,
    values,
    async (data) => {
      setSuccess(null);
      await api('/api/auth/change-password', { method: 'PUT', body: { currentPassword: data.currentPassword, newPassword: data.newPassword } });
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      setSuccess(AUTH_MESSAGES.passwordChanged);
    },
    (err) => (err instanceof ApiError && err.kind === 'http' ? (err.serverMessage ?? AUTH_MESSAGES.changePasswordFailed) : AUTH_MESSAGES.changePasswordFailed),
  );

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => clearTimeout(t);
  }, [success]);

  const set = (field: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <Card>
      <CardHeader title="Change Password" description="Changing your password signs you out on your other devices." />
      <CardBody>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error && <Alert tone="error">{error}</Alert>}
          {success && <Alert tone="success">{success}</Alert>}
          <Field label="Current Password" error={errors.currentPassword}>
            <PasswordInput name="currentPassword" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} invalid={!!errors.currentPassword} />
          </Field>
          <Field label="New Password" error={errors.newPassword} hint="At least 6 characters.">
            <PasswordInput name="newPassword" autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} invalid={!!errors.newPassword} />
          </Field>
          <Field label="Confirm New Password" error={errors.confirmPassword}>
            <PasswordInput name="confirmPassword" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} invalid={!!errors.confirmPassword} />
          </Field>
          <Button type="submit" busy={busy} busyText="Changing Password...">
            Change Password
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
