/**
 * The Views control of the filters row: the user's saved views of this list (one click applies
 * one), saving the current filters under a name, renaming or deleting the view the filters match.
 * Every change is a mutator, so it works offline and reaches the user's other devices by sync.
 */
import { useId, useState } from 'react';
import { LIST_VIEW_MESSAGES, listViewName, listViewPolicy, type SavedViewList } from '../../schema/list-views';
import type { SyncedListView } from '../../sync/areas/list-views';
import { useReplicache } from '../lib/replicache';
import { useListControls, type ListFilters } from '../lib/use-list-filters';
import { filtersOfControls, sameListFilters, useListViews } from '../lib/use-list-views';
import { buttonClasses } from './Button';
import { Dialog, DialogActions } from './Dialog';
import { Field, Input } from './Field';
import { CheckIcon, ChevronDownIcon } from './icons';
import { MenuOnFirstPress, type MenuEntry } from './Menu';
import { useToast } from './Toast';
import { loadZod } from '../lib/deferred-zod';

/** What the name dialog is doing: saving the current filters as a new view, or renaming one. */
type Naming = { kind: 'save' } | { kind: 'rename'; view: SyncedListView };

export function ListViewsMenu<T, K extends string>({ list, filters }: { list: SavedViewList; filters: ListFilters<T, K> }) {
  const rep = useReplicache();
  const toast = useToast();
  const controls = useListControls(filters);
  const { views } = useListViews(list);
  const [naming, setNaming] = useState<Naming | null>(null);
  const current = filtersOfControls(controls);
  // The view the filters row shows now, if any (the first by name when two keep the same filters).
  const active = views.find((v) => sameListFilters(v.filters, current));

  const remove = (view: SyncedListView) => {
    if (!rep) return;
    rep.mutate.deleteListView({ id: view.id }).then(
      () => toast.success(LIST_VIEW_MESSAGES.deleted),
      () => {},
    );
  };

  const items: MenuEntry[] = [
    ...(views.length === 0
      ? [{ kind: 'action' as const, label: 'No saved views yet', onSelect: () => {}, disabled: true }]
      : views.map(
          (v): MenuEntry => ({
            kind: 'action',
            label: (
              <>
                <span className="min-w-0 flex-1 truncate">{v.name}</span>
                {v === active && <span className="sr-only"> (shown now)</span>}
              </>
            ),
            icon: <CheckIcon className={v === active ? 'size-4 shrink-0 text-accent-700' : 'invisible size-4 shrink-0'} />,
            onSelect: () => filters.applyView(v.filters),
          }),
        )),
    { kind: 'separator' },
    { kind: 'action', label: 'Save current filters…', onSelect: () => setNaming({ kind: 'save' }), disabled: !rep || !controls.isFiltered || !!active },
    ...(active
      ? [
          { kind: 'action' as const, label: `Rename “${active.name}”…`, onSelect: () => setNaming({ kind: 'rename', view: active }), disabled: !rep },
          { kind: 'action' as const, label: `Delete “${active.name}”`, onSelect: () => remove(active), danger: true, disabled: !rep },
        ]
      : []),
  ];

  return (
    <>
      <MenuOnFirstPress
        button={
          <>
            {/* "Views", then the view the list shows now: the accessible name starts with "Views" either way. */}
            <span className="max-w-48 min-w-0 truncate">{active ? `Views: ${active.name}` : 'Views'}</span>
            <ChevronDownIcon className="size-4 shrink-0 text-neutral-500" />
          </>
        }
        buttonLabel=""
        // The filters row wraps: on a narrow card or a phone the button is at the left.
        align="start"
        buttonClassName={buttonClasses('secondary', 'md', 'min-w-0 gap-2')}
        header={<p className="text-xs font-medium tracking-wide text-neutral-500 uppercase">Saved views</p>}
        items={items}
      />
      <ViewNameDialog
        naming={naming}
        views={views}
        onClose={() => setNaming(null)}
        onSubmit={async (name) => {
          if (!rep || !naming) return;
          const view = naming.kind === 'rename' ? naming.view : null;
          await rep.mutate.saveListView({ id: view?.id ?? crypto.randomUUID(), list, name, filters: view?.filters ?? current });
          toast.success(view ? LIST_VIEW_MESSAGES.renamed : LIST_VIEW_MESSAGES.saved);
          setNaming(null);
        }}
        list={list}
      />
    </>
  );
}

/** Asks a view's name: required, at most 60 characters, not one the user already keeps on this list. */
function ViewNameDialog({
  naming,
  views,
  list,
  onClose,
  onSubmit,
}: {
  naming: Naming | null;
  views: SyncedListView[];
  list: SavedViewList;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const formId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<Naming | null>(null);
  // A new dialog starts from the view's name (renaming) or empty (saving).
  if (naming !== shownFor) {
    setShownFor(naming);
    setName(naming?.kind === 'rename' ? naming.view.name : '');
    setError(null);
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await loadZod();
    const parsed = listViewName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? LIST_VIEW_MESSAGES.nameRequired);
    const id = naming?.kind === 'rename' ? naming.view.id : '';
    if (listViewPolicy.isNameTaken(views, { id, list, name: parsed.data })) return setError(LIST_VIEW_MESSAGES.nameTaken);
    await onSubmit(parsed.data);
  };

  const renaming = naming?.kind === 'rename';
  return (
    <Dialog
      open={naming !== null}
      onClose={onClose}
      size="sm"
      title={renaming ? 'Rename view' : 'Save view'}
      description={renaming ? undefined : 'Keep the current search, filters and order under a name, on all your devices.'}
      footer={<DialogActions onCancel={onClose} label={renaming ? 'Rename' : 'Save view'} form={formId} />}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field label="View name" error={error ?? undefined} required>
          <Input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            maxLength={240}
            autoFocus
            invalid={!!error}
            required
          />
        </Field>
      </form>
    </Dialog>
  );
}
