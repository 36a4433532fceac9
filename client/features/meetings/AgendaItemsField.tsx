/**
 * The agenda editor of the meeting form: ordered items (title, optional description, optional linked
 * item of one of the link kinds), added, moved and removed; the candidates come from the cache.
 */
import { useMemo } from 'react';
import type { ReadonlyJSONValue } from 'replicache';
import { approveMinutesTitle, ITEMS_MAX, MEETING_LINK_KIND_LIST, MEETING_LINK_KINDS, meetingDay, type MeetingLinkKind } from '../../../schema/meetings';
import { applicationPolicy } from '../../../schema/applications';
import { prefixOf } from '../../../sync/keys';
import { APPLICATION_SPACE, type SyncedApplication } from '../../../sync/areas/applications';
import { MEETING_SPACE, type SyncedMeeting } from '../../../sync/areas/meetings';
import { REQUEST_SPACE } from '../../../sync/areas/requests';
import { VIOLATION_SPACE } from '../../../sync/areas/violations';
import { useSubscribe } from '../../lib/use-synced-list';
import { Button, Card, Field, Input, Select, Textarea, type SelectOption } from '../../ui';

export interface AgendaItemValue {
  id: string;
  title: string;
  description: string;
  linkKind: MeetingLinkKind | '';
  linkId: string;
}

export const newAgendaItem = (): AgendaItemValue => ({ id: crypto.randomUUID(), title: '', description: '', linkKind: '', linkId: '' });

/** Each kind's candidates: the space they are cached in, and which of its values may be linked (each function takes its own kind's values, hence `never[]`). */
const CANDIDATES: Record<MeetingLinkKind, { prefix: string; options: (values: never[], meetingId: string) => SelectOption[] }> = {
  request: { prefix: prefixOf(REQUEST_SPACE), options: (rows: { id: string; title: string }[]) => rows.map((r) => ({ value: r.id, label: r.title })) },
  violation: { prefix: prefixOf(VIOLATION_SPACE), options: (rows: { id: string; title: string }[]) => rows.map((v) => ({ value: v.id, label: v.title })) },
  application: { prefix: prefixOf(APPLICATION_SPACE), options: (rows: SyncedApplication[]) => rows.filter(applicationPolicy.isOpen).map((a) => ({ value: a.id, label: a.title })) },
  minutes: {
    prefix: prefixOf(MEETING_SPACE),
    options: (rows: SyncedMeeting[], meetingId) => rows.filter((m) => m.id !== meetingId && m.minutesStatus === 'draft').map((m) => ({ value: m.id, label: `${m.title} — ${meetingDay(m)}` })),
  },
};

/**
 * What the kinds the items have chosen may link, from the cache: the HOA's requests and violations,
 * open applications, meetings whose minutes await approval. Only chosen kinds are read: a large HOA
 * caches thousands of requests and violations, and most agendas link none.
 */
function useCandidates(meetingId: string, items: readonly AgendaItemValue[]): Partial<Record<MeetingLinkKind, SelectOption[]>> {
  const chosen = MEETING_LINK_KIND_LIST.filter((kind) => items.some((i) => i.linkKind === kind));
  const { data } = useSubscribe(
    async (tx) => {
      const found: Partial<Record<MeetingLinkKind, ReadonlyJSONValue[]>> = {};
      for (const kind of chosen) found[kind] = await tx.scan({ prefix: CANDIDATES[kind].prefix }).values().toArray();
      return found;
    },
    {},
    [chosen.join()],
  );
  return useMemo(() => {
    const options: Partial<Record<MeetingLinkKind, SelectOption[]>> = {};
    for (const [kind, values] of Object.entries(data) as [MeetingLinkKind, never[]][]) options[kind] = CANDIDATES[kind].options(values, meetingId);
    return options;
  }, [data, meetingId]);
}

const KIND_OPTIONS: SelectOption<MeetingLinkKind | 'none'>[] = [{ value: 'none', label: 'No linked item' }, ...MEETING_LINK_KIND_LIST.map((k) => ({ value: k, label: MEETING_LINK_KINDS[k].label }))];

export function AgendaItemsField({ meetingId, items, onChange, error, disabled }: { meetingId: string; items: AgendaItemValue[]; onChange: (items: AgendaItemValue[]) => void; error?: string; disabled?: boolean }) {
  const candidates = useCandidates(meetingId, items);
  const change = (i: number, patch: Partial<AgendaItemValue>) => onChange(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  const move = (i: number, by: number) => {
    const next = [...items];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  const chooseLink = (i: number, linkId: string) => {
    const item = items[i];
    const label = candidates.minutes?.find((c) => c.value === linkId)?.label;
    change(i, { linkId, ...(item.linkKind === 'minutes' && !item.title && label ? { title: approveMinutesTitle(label.split(' — ')[0]) } : {}) });
  };
  return (
    <section aria-label="Agenda" className="space-y-3">
      <h2 className="text-base font-semibold text-neutral-900">Agenda</h2>
      {error && (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
      {items.map((item, i) => (
        <Card key={item.id} className="space-y-4 p-4" aria-label={`Agenda item ${i + 1}`} role="group">
          <Field label={`Item ${i + 1} title`} required>
            <Input value={item.title} onChange={(e) => change(i, { title: e.target.value })} disabled={disabled} autoComplete="off" />
          </Field>
          <Field label={`Item ${i + 1} description`}>
            <Textarea value={item.description} onChange={(e) => change(i, { description: e.target.value })} disabled={disabled} className="min-h-16" />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={`Item ${i + 1} linked item`}>
              <Select options={KIND_OPTIONS} value={item.linkKind || 'none'} onChange={(k) => change(i, { linkKind: k === 'none' ? '' : k, linkId: '' })} disabled={disabled} />
            </Field>
            {item.linkKind && (
              <Field label={`Item ${i + 1} ${MEETING_LINK_KINDS[item.linkKind].label.toLowerCase()}`}>
                <Select options={candidates[item.linkKind] ?? []} value={item.linkId} onChange={(id) => chooseLink(i, id)} disabled={disabled} placeholder="Choose…" />
              </Field>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="secondary" size="sm" onClick={() => move(i, -1)} disabled={disabled || i === 0}>
              Move up
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={() => move(i, 1)} disabled={disabled || i === items.length - 1}>
              Move down
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={() => onChange(items.filter((_, j) => j !== i))} disabled={disabled}>
              Remove item {i + 1}
            </Button>
          </div>
        </Card>
      ))}
      <Button type="button" variant="secondary" onClick={() => onChange([...items, newAgendaItem()])} disabled={disabled || items.length >= ITEMS_MAX}>
        Add Agenda Item
      </Button>
    </section>
  );
}
