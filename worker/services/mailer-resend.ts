import { Resend } from 'resend';
import type { DeliveryResult, Mailer, OutgoingMail } from './mailer';

export interface ResendConfig {
  apiKey: string;
  /** `Name <address@verified-domain>` */
  from: string;
}

/** Resend's batch endpoint takes at most 100 mails per call. */
const BATCH_LIMIT = 100;
/** Errors that will fail again however often they are retried. */
const PERMANENT = new Set(['validation_error', 'invalid_from_address', 'invalid_parameter', 'missing_required_field', 'invalid_api_key', 'restricted_api_key', 'security_error']);

const idempotencyKey = async (ids: string[]) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(ids.join(',')));
  return `outbox-${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 48)}`;
};

/**
 * Resend through its official SDK (which uses the global fetch, so it runs on Workers).
 * One mail: the send endpoint; several: the batch endpoint with permissive validation, so one bad
 * address fails only its own row.
 */
export function createResendMailer(config: ResendConfig): Mailer {
  const resend = new Resend(config.apiKey);
  const payload = (m: OutgoingMail) => ({ from: config.from, to: [m.to], subject: m.subject, html: m.html, text: m.text });

  async function sendOne(m: OutgoingMail): Promise<DeliveryResult> {
    try {
      const { data, error } = await resend.emails.send(payload(m), { idempotencyKey: `outbox-${m.id}` });
      if (error) return { id: m.id, ok: false, error: `${error.name}: ${error.message}`, permanent: PERMANENT.has(error.name) };
      return { id: m.id, ok: true, providerId: data.id };
    } catch (e) {
      return { id: m.id, ok: false, error: e instanceof Error ? e.message : String(e), permanent: false };
    }
  }

  async function sendBatch(batch: OutgoingMail[]): Promise<DeliveryResult[]> {
    try {
      const { data, error } = await resend.batch.send(batch.map(payload), {
        batchValidation: 'permissive',
        idempotencyKey: await idempotencyKey(batch.map((m) => m.id)),
      });
      if (error) {
        const permanent = PERMANENT.has(error.name);
        return batch.map((m) => ({ id: m.id, ok: false as const, error: `${error.name}: ${error.message}`, permanent }));
      }
      // Permissive mode: `data` holds the accepted mails in order, `errors` the refused ones by index.
      const failed = new Map((data.errors ?? []).map((e) => [e.index, e.message]));
      const accepted = [...(data.data ?? [])];
      return batch.map((m, i) => {
        const message = failed.get(i);
        if (message !== undefined) return { id: m.id, ok: false as const, error: message, permanent: true };
        const sent = accepted.shift();
        return sent ? { id: m.id, ok: true as const, providerId: sent.id } : { id: m.id, ok: false as const, error: 'No id returned by Resend', permanent: false };
      });
    } catch (e) {
      return batch.map((m) => ({ id: m.id, ok: false as const, error: e instanceof Error ? e.message : String(e), permanent: false }));
    }
  }

  return {
    kind: 'resend',
    async send(mails) {
      if (mails.length === 1) return [await sendOne(mails[0])];
      const out: DeliveryResult[] = [];
      for (let i = 0; i < mails.length; i += BATCH_LIMIT) out.push(...(await sendBatch(mails.slice(i, i + BATCH_LIMIT))));
      return out;
    },
  };
}
