import { describe, expect, it } from 'vitest';
import { loginBody } from '../../schema/auth';
import { SIGNUP_MESSAGES, signupAccountForm } from '../../schema/signup';
import { validateForm } from './form';
import { currentErrors } from './use-form-submit';

/** What a submit of `values` found wrong, as the hook keeps it. */
const judge = (values: Record<string, string>) => {
  const r = validateForm(signupAccountForm, values);
  return { values, errors: r.ok ? {} : r.errors, fromServer: false };
};
const typed = { email: 'owner@maplegrove', password: 'Aspen2026', confirmPassword: 'Aspen2026', name: '', hoa_name: 'Aspen Ridge' };

describe("a form's inline errors describe the values in the fields", () => {
  it('shows what the submit found while nothing was edited', () => {
    const judged = judge(typed);
    expect(currentErrors(signupAccountForm, judged, { ...typed })).toEqual({ email: SIGNUP_MESSAGES.invalidEmail, name: SIGNUP_MESSAGES.nameRequired });
  });

  it("drops an edited field's error, and keeps the untouched fields' ones", () => {
    const judged = judge(typed);
    expect(currentErrors(signupAccountForm, judged, { ...typed, email: 'owner@maplegrove.test' })).toEqual({ name: SIGNUP_MESSAGES.nameRequired });
    // Edited back to the very value that was judged: its message describes it again.
    expect(currentErrors(signupAccountForm, judged, { ...typed })).toEqual({ email: SIGNUP_MESSAGES.invalidEmail, name: SIGNUP_MESSAGES.nameRequired });
  });

  it("drops an error another field's edit made untrue: the confirmation once the password matches it", () => {
    const judged = judge({ ...typed, email: 'ada@aspen.test', name: 'Ada', confirmPassword: 'Aspen2027' });
    expect(judged.errors).toEqual({ confirmPassword: SIGNUP_MESSAGES.passwordsDontMatch });
    expect(currentErrors(signupAccountForm, judged, { ...judged.values, password: 'Aspen2027' })).toEqual({});
    expect(currentErrors(signupAccountForm, judged, { ...judged.values, name: 'Ada Aspen' })).toEqual({ confirmPassword: SIGNUP_MESSAGES.passwordsDontMatch });
  });

  it("keeps the server's errors until their field is edited, in every form (sign-in here)", () => {
    const values = { email: 'dana@maplegrove.test', password: 'secret1' };
    const judged = { values, errors: { email: 'This email is already registered' }, fromServer: true };
    expect(currentErrors(loginBody, judged, { ...values, password: 'secret2' })).toEqual(judged.errors);
    expect(currentErrors(loginBody, judged, { ...values, email: 'dana@maple.test' })).toEqual({});
    expect(currentErrors(loginBody, null, values)).toEqual({});
  });
});
