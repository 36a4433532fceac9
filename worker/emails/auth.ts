/** Account emails: invitation (7-day link) and password reset (2-hour link). */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string, cta: { label: string; url: string }, footer: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f7f9;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px;border:1px solid #e5e7eb">
<h1 style="font-size:20px;margin:0 0 12px">${escape(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escape(cta.url)}" style="background:#166534;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(cta.label)}</a></p>
<p style="color:#6b7280;font-size:13px">${escape(footer)}</p></div></body></html>`;
}

export function passwordResetEmail(p: { name: string; url: string }) {
  const subject = 'Reset your password';
  const text = `Hello ${p.name},\n\nWe received a request to reset your password. Open this link to choose a new one:\n${p.url}\n\nThe link is valid for 2 hours and can be used once. If you did not ask for this, ignore this email.`;
  const html = layout(
    subject,
    `<p>Hello ${escape(p.name)},</p><p>We received a request to reset your password.</p>`,
    { label: 'Reset Password', url: p.url },
    'The link is valid for 2 hours and can be used once. If you did not ask for this, ignore this email.',
  );
  return { template: 'password-reset', subject, html, text };
}

export function invitationEmail(p: { hoaName: string; inviterName: string; url: string }) {
  const subject = `You're invited to ${p.hoaName}`;
  const text = `${p.inviterName} invited you to join ${p.hoaName}.\n\nActivate your account here:\n${p.url}\n\nThe link is valid for 7 days.`;
  const html = layout(
    subject,
    `<p>${escape(p.inviterName)} invited you to join <strong>${escape(p.hoaName)}</strong>.</p>`,
    { label: 'Activate Account', url: p.url },
    'The link is valid for 7 days.',
  );
  return { template: 'invitation', subject, html, text };
}
