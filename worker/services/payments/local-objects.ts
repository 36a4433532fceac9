/**
 * The local payment provider's storage and events (the base of `LocalPayments`, local.ts): Stripe-shaped
 * objects kept in the database, created once per idempotency key as Stripe does, and the webhook
 * events it emits, signed exactly as Stripe signs them and handed to the app's webhook processing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { localPaymentObjects } from '../../../schema/tables';
import type { Database } from '../../db';
import { rand, type Obj } from './local-store';
import { signWebhookPayload } from './stripe';

export interface LocalPaymentsOptions {
  database: Database;
  /** Public origin of the app: the local pages live under `${appUrl}/dev/pay/…`. */
  appUrl: string;
  /** Signs the events this provider emits, exactly as Stripe signs its webhooks. */
  webhookSecret: string;
  clock: () => number;
  /**
   * Keeps an event emitted after the call returns alive (the Worker entry passes ctx.waitUntil, which
   * a Worker needs for work after its response); the Node process runs it anyway.
   */
  background?: (task: Promise<unknown>) => void;
}

/** Where the signed events go: the app's webhook processing (the same function POST /api/webhooks/stripe calls). */
export type WebhookDelivery = (rawBody: string, signature: string) => Promise<unknown>;

export class LocalObjects {
  private deliver: WebhookDelivery | null = null;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(protected readonly opts: LocalPaymentsOptions) {}

  /** @internal used by local-pages.ts */
  get appUrl() {
    return this.opts.appUrl;
  }

  /** @internal used by local-pages.ts */
  clock() {
    return this.opts.clock();
  }

  /** Connects the emitted events to the app's webhook processing (done once deps exist). */
  connect(deliver: WebhookDelivery) {
    this.deliver = deliver;
  }

  /** Waits for events emitted in the background (API calls emit after they return, like Stripe). */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  // ------------------------------------------------------------ storage

  /** @internal used by local-billing.ts */
  nowS() {
    return Math.floor(this.opts.clock() / 1000);
  }

  async get(id: string): Promise<Obj | null> {
    const [row] = await this.opts.database.db.select().from(localPaymentObjects).where(eq(localPaymentObjects.id, id)).limit(1);
    return row ? JSON.parse(row.data) : null;
  }

  /** @internal used by local-pages.ts */
  async must(id: string, object: string): Promise<Obj> {
    const o = await this.get(id);
    if (!o || o.object !== object) throw new Error(`No such ${object}: '${id}'`);
    return o;
  }

  /** @internal used by local-billing.ts */
  async put(o: Obj): Promise<Obj> {
    const data = JSON.stringify(o);
    await this.opts.database.transaction((tx) =>
      tx
        .insert(localPaymentObjects)
        .values({ id: o.id, kind: o.object, data, createdAt: this.opts.clock() })
        .onConflictDoUpdate({ target: localPaymentObjects.id, set: { data } }),
    );
    return o;
  }

  /**
   * Stores `o` only while the stored object's `field` still is `expected` (null: unset). A session's
   * state changes once, as at Stripe: a page paying it and an expiry racing it cannot both win.
   * False: it had changed.
   * @internal used by local-pages.ts
   */
  async putIf(o: Obj, field: string, expected: string | null): Promise<boolean> {
    const rows = await this.opts.database.transaction((tx) =>
      tx
        .update(localPaymentObjects)
        .set({ data: JSON.stringify(o) })
        .where(and(eq(localPaymentObjects.id, o.id), sql`json_extract(${localPaymentObjects.data}, ${`$.${field}`}) IS ${expected}`))
        .returning({ id: localPaymentObjects.id }),
    );
    return rows.length > 0;
  }

  protected async byIdempotencyKey(key: string): Promise<Obj | null> {
    return this.get(`idem_${key}`).then((r) => (r ? this.get(r.target) : null));
  }

  protected async rememberIdempotencyKey(key: string, target: Obj) {
    await this.put({ id: `idem_${key}`, object: 'idempotency_key', target: target.id });
  }

  /** Creates an object once per idempotency key, as Stripe does. */
  protected async create(key: string | null, make: () => Obj): Promise<Obj> {
    if (key) {
      const existing = await this.byIdempotencyKey(key);
      if (existing) return existing;
    }
    const o = await this.put(make());
    if (key) await this.rememberIdempotencyKey(key, o);
    return o;
  }

  /** @internal used by local-autopay.ts */
  createOnce(key: string | null, make: () => Obj): Promise<Obj> {
    return this.create(key, make);
  }

  /** @internal used by local-billing.ts */
  async list(kind: string, match: (o: Obj) => boolean): Promise<Obj[]> {
    const rows = await this.opts.database.db.select().from(localPaymentObjects).where(eq(localPaymentObjects.kind, kind));
    return rows.map((r) => JSON.parse(r.data)).filter(match);
  }

  // ------------------------------------------------------------ events

  /** Builds, signs and delivers one event. `background`: after the current call returns, like Stripe. */
  /** @internal used by local-billing.ts */
  async emit(type: string, object: Obj, opts: { account?: string; background?: boolean } = {}) {
    const event = {
      id: `evt_local_${rand()}`,
      object: 'event',
      api_version: 'local',
      created: this.nowS(),
      livemode: false,
      type,
      ...(opts.account ? { account: opts.account } : {}),
      data: { object },
    };
    const body = JSON.stringify(event);
    const signature = await signWebhookPayload(body, this.opts.webhookSecret, event.created);
    const deliver = this.deliver;
    if (!deliver) return;
    const run = async () => {
      try {
        await deliver(body, signature);
      } catch (e) {
        console.error(`local payments: delivering ${type} failed`, e);
      }
    };
    if (!opts.background) return run();
    const p = new Promise((ok) => setTimeout(ok, 0)).then(run);
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
    this.opts.background?.(p);
  }
}
