import { z } from 'zod';
import { lazy } from './lazy';

/** The sign-in and account texts users see, defined once for client and server. */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordMin6: 'Password must be at least 6 characters',
  passwordsDontMatch: "Passwords don't match",
  resetTokenMissing: 'Reset token is missing from the URL',
  nameRequired: 'Name is required',
  activationPasswordRule: 'Password must contain at least one letter and one number',
  activationPasswordMin: 'Password must be at least 8 characters',
  activationPasswordMax: 'Password must be at most 72 characters',
  confirmationRequired: 'Password confirmation is required',
  activationLinkMissing: 'Invalid activation link. Please check your email for the correct link.',
  currentPasswordRequired: 'Current password is required',
  newPasswordMin6: 'New password must be at least 6 characters',
  newPasswordsDontMatch: "New passwords don't match",
  invalidCredentials: 'Invalid email or password',
  invalidResetToken: 'Invalid or expired reset token',
  invalidActivationToken: 'Invalid activation token',
  currentPasswordWrong: 'Current password is incorrect',
  sessionExpired: 'Session expired',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  forgotPasswordSent: 'If an account exists for that email, we have sent a password reset link.',
  passwordResetDone: 'Password has been reset successfully',
  passwordChanged: 'Password changed successfully! You remain logged in on this device.',
  loginFailed: 'Login failed',
  unexpected: 'An unexpected error occurred. Please try again.',
  forgotFailed: 'Failed to send password reset email. Please try again.',
  resetFailed: 'Failed to reset password. Please try again.',
  activationLoginFailed: 'Activation successful, but login failed. Please try logging in manually.',
  activationFailed: 'Failed to activate account. Please try again or contact support.',
  changePasswordFailed: 'Failed to change password. Please try again.',
  invitationHasAccount: 'This email already has an account. Sign in with it to accept the invitation.',
  invitationForAnotherEmail: 'This invitation was sent to another email address. Sign out and sign in with that address to accept it.',
  hoaNotFound: 'HOA not found',
  switchFailed: 'Could not switch HOA. Please try again.',
} as const;

const email = lazy(() => z.string({ error: AUTH_MESSAGES.invalidEmail }).trim().toLowerCase().email(AUTH_MESSAGES.invalidEmail));
const password6 = lazy(() => z.string({ error: AUTH_MESSAGES.passwordMin6 }).min(6, AUTH_MESSAGES.passwordMin6));
const activationPassword = lazy(() => z
  .string({ error: AUTH_MESSAGES.activationPasswordMin })
  .min(8, AUTH_MESSAGES.activationPasswordMin)
  .max(72, AUTH_MESSAGES.activationPasswordMax)
  .regex(/^(?=.*[A-Za-z])(?=.*\d)/, AUTH_MESSAGES.activationPasswordRule));

// ---- API bodies (the server validates these) ----
const hoaIdField = lazy(() => z.string({ error: AUTH_MESSAGES.hoaNotFound }).trim().min(1, AUTH_MESSAGES.hoaNotFound).max(64, AUTH_MESSAGES.hoaNotFound));
/** `hoa_id`: for an account in several HOAs, the HOA to sign in to (else the one used last). */
export const loginBody = lazy(() => z.object({ email, password: password6, hoa_id: hoaIdField.optional() }));
/** `POST /api/auth/switch`: another HOA of the same account. */
export const switchHoaBody = lazy(() => z.object({ hoa_id: hoaIdField }));
/** An invitation accepted with the account one has: signed in (`/join`) or with its password (`/join/sign-in`). */
export const joinBody = lazy(() => z.object({
  token: z.string({ error: AUTH_MESSAGES.activationLinkMissing }).min(1, AUTH_MESSAGES.activationLinkMissing),
}));
export const joinSignInBody = lazy(() => joinBody.extend({ password: password6 }));
export const invitationQuery = joinBody;
export const forgotPasswordBody = lazy(() => z.object({ email }));
export const resetPasswordBody = lazy(() => z.object({
  token: z.string({ error: AUTH_MESSAGES.resetTokenMissing }).min(1, AUTH_MESSAGES.resetTokenMissing),
  password: password6,
}));
export const verifyResetTokenQuery = lazy(() => z.object({
  token: z.string({ error: AUTH_MESSAGES.resetTokenMissing }).min(1, AUTH_MESSAGES.resetTokenMissing),
}));
export const activateBody = lazy(() => z.object({
  token: z.string({ error: AUTH_MESSAGES.activationLinkMissing }).min(1, AUTH_MESSAGES.activationLinkMissing),
  name: z.string({ error: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired),
  password: activationPassword,
}));
export const changePasswordBody = lazy(() => z.object({
  currentPassword: z.string({ error: AUTH_MESSAGES.currentPasswordRequired }).min(1, AUTH_MESSAGES.currentPasswordRequired),
  newPassword: z.string({ error: AUTH_MESSAGES.newPasswordMin6 }).min(6, AUTH_MESSAGES.newPasswordMin6),
}));

// ---- Forms (the client validates these; they add the confirmation fields) ----
export const resetPasswordForm = lazy(() => z
  .object({ password: password6, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] }));
export const activationForm = lazy(() => z
  .object({
    name: activateBody.shape.name,
    password: activationPassword,
    confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmationRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] }));
export const changePasswordForm = lazy(() => changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: AUTH_MESSAGES.newPasswordsDontMatch, path: ['confirmPassword'] }));

/** The user as the API returns it. */
export interface ApiUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  role: 'resident' | 'board' | 'superadmin';
  status: 'active' | 'invited' | 'inactive';
  hoa_id: string;
  /**
   * The HOA's IANA time zone: screens compute "today" in it (schema/days.ts). On the signed-in user's
   * own record (login, refresh, profile), not on the board's user lists.
   */
  hoa_time_zone?: string;
  /** The HOA's name (receipts and statements print it); on the signed-in user's own record only. */
  hoa_name?: string;
  /** How many HOAs the account belongs to (active memberships; 2 or more: the avatar menu offers Switch HOA). Own record only. */
  hoa_count?: number;
  address_id: string | null;
  address: { _id: string; street: string; unit_number: string | null } | null;
  phone: string | null;
  createdAt: string;
  lastLogin: string | null;
  needsReactivation: boolean;
}

export interface SessionPayload {
  accessToken: string;
  user: ApiUser;
}

/** An HOA the account belongs to (`GET /api/auth/memberships`, and a sign-in's answer when there are several). */
export interface MembershipChoice {
  hoa_id: string;
  hoa_name: string;
  role: ApiUser['role'];
  current: boolean;
}

/** What an invitation's link opens (`GET /api/auth/invitation`): `has_account`: accepted with the account the email has. */
export interface InvitationInfo {
  email: string;
  hoa_name: string;
  has_account: boolean;
}
