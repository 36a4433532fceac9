/** Delivers outbox rows. Resend when RESEND_API_KEY is set, else the local mailer (readable at /dev/mail). */
export interface OutgoingMail {
  /** The outbox row id; also the provider idempotency key, so a retried send is not sent twice. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export type DeliveryResult =
  | { id: string; ok: true; providerId: string }
  /** `permanent`: retrying cannot help (invalid address, rejected content). */
  | { id: string; ok: false; error: string; permanent: boolean };

export interface Mailer {
  readonly kind: 'resend' | 'local';
  /** One result per mail, in any order; never throws for a provider failure. */
  send(mails: OutgoingMail[]): Promise<DeliveryResult[]>;
}

/** Local delivery: nothing leaves the machine; the outbox row itself is the delivered mail. */
export function createLocalMailer(): Mailer {
  return {
    kind: 'local',
    async send(mails) {
      return mails.map((m) => ({ id: m.id, ok: true as const, providerId: `local_${m.id}` }));
    },
  };
}
