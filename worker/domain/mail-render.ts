/**
 * Queued mail is rendered here, after the transaction that queued it committed: react-email costs
 * milliseconds a mail, which must not be spent while a transaction holds the one writer (a push of
 * a thousand new requests once held it for seconds of rendering). Identical mail renders once: rows
 * are grouped by template and inputs, each row's own link (`url`) filled in afterwards, so an
 * announcement to 500 people or 500 invitations render one template each.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { emailOutbox } from '../../schema/tables';
import type { AppDeps } from '../deps';
import { isEmailTemplate, renderTemplate, type RenderedEmail } from '../emails/templates';

/** Stands for each row's link while a group renders once. */
const LINK = 'https://mail.link.placeholder/';
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

export interface PendingMail {
  id: string;
  template: string;
  props: string;
}

export type MailBody = Pick<RenderedEmail, 'subject' | 'html' | 'text'>;

/** Renders rows waiting for it: each row's subject, html and text, or the reason it cannot be rendered. */
export async function renderPending(rows: PendingMail[]): Promise<Map<string, MailBody | Error>> {
  const groups = new Map<string, { template: string; props: Record<string, unknown> | null; rows: { id: string; url: unknown }[] }>();
  for (const row of rows) {
    let props: Record<string, unknown> | null = null;
    try {
      props = JSON.parse(row.props) as Record<string, unknown>;
    } catch {
      // Left null: the row fails below with a reason.
    }
    const { url, ...rest } = props ?? {};
    const key = `${row.template}\u0000${props ? JSON.stringify(rest) : row.id}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { template: row.template, props: props ? { ...rest, ...(typeof url === 'string' ? { url: LINK } : { url }) } : null, rows: [] }));
    group.rows.push({ id: row.id, url });
  }
  const out = new Map<string, MailBody | Error>();
  for (const group of groups.values()) {
    let rendered: RenderedEmail | Error;
    try {
      if (!group.props || !isEmailTemplate(group.template)) throw new Error(`Cannot render mail template "${group.template.slice(0, 60)}"`);
      rendered = await renderTemplate(group.template, group.props);
    } catch (e) {
      rendered = e instanceof Error ? e : new Error(String(e));
    }
    for (const row of group.rows) {
      if (rendered instanceof Error) {
        out.set(row.id, rendered);
        continue;
      }
      const url = typeof row.url === 'string' ? row.url : LINK;
      out.set(row.id, { subject: rendered.subject, html: rendered.html.split(LINK).join(escapeHtml(url)), text: rendered.text.split(LINK).join(url) });
    }
  }
  return out;
}

/** Rows written per transaction: each is a short turn of the writer. */
const WRITE_CHUNK = 100;

/**
 * Renders the queued rows `ids` still waiting (a delivery run may have rendered some first) and
 * stores their bodies. A row that cannot be rendered keeps its inputs: delivery fails it with the reason.
 */
export async function renderQueuedMail(deps: AppDeps, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += WRITE_CHUNK) {
    const chunk = ids.slice(i, i + WRITE_CHUNK);
    const rows = (await deps.database.db
      .select({ id: emailOutbox.id, template: emailOutbox.template, props: emailOutbox.props })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.id, chunk), isNotNull(emailOutbox.props)))) as PendingMail[];
    if (rows.length === 0) continue;
    const bodies = await renderPending(rows);
    await deps.database.transaction(async (tx) => {
      for (const [id, body] of bodies) {
        if (body instanceof Error) continue;
        await tx
          .update(emailOutbox)
          .set({ ...body, props: null })
          .where(and(eq(emailOutbox.id, id), isNotNull(emailOutbox.props)));
      }
    });
  }
}
