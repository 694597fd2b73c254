/**
 * assortment-manager--assortment--sort: the display groups of a static assortment. Groups,
 * styles and colours move by drag and drop (mouse, touch or keyboard: space to lift, arrows,
 * space to drop), each move shown at once and sent as "the item and the item it must precede";
 * group by, auto-sort by up to three keys, undo and redo (Ctrl+Z, Ctrl+Y), rename, lock and
 * always-open per group. Read-only without assortments.edit on the assortment's channel.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ApiError, EmptyState, Spinner, actions, authzCheck, toast, useDecisions, usePageTitle, type AuthzCheck } from '@its/kit';
import { ProductIcon } from '@its/remote-products/api';
import { getAssortment, internalListPath, managePath, viewPath, type Assortment, type OrgBase } from '../api';
import { errorText, msg } from '../messages';
import { AutoSortDialog } from './AutoSortDialog';
import { CustomContentEditor } from './CustomContentEditor';
import { GroupContent } from '../content/GroupContent';
import { contentMsg } from '../content/messages';
import { hasContent } from '../content/customContent';
import { fieldMsg, sortMsg } from './messages';
import { fetchGroupSort, GROUP_BY, UNCATEGORIZED, type CustomContent, type DisplayGroup, type GroupBy, type GroupSortState, type GroupStyle, type MoveBatch } from './model';
import { useGroupSort, type SaveStatus } from './useGroupSort';

/** Drag ids: g|group, s|style, c|style|colour, z|group (a group's drop area). */
const gid = (id: string) => `g|${id}`;
const sid = (style: string) => `s|${style}`;
const cid = (style: string, color: string) => `c|${style}|${color}`;
const zid = (id: string) => `z|${id}`;
const kind = (id: unknown) => String(id).split('|')[0] ?? '';
const part = (id: unknown, i: number) => String(id).split('|')[i] ?? '';

/** Which targets a dragged item may land on, most precise first: a group over groups; a style
 * over styles, a group's style area or a (collapsed) group's header; a colour over its own
 * style's colours. */
const TARGETS: Record<string, string[]> = { g: ['g'], s: ['s', 'z', 'g'], c: ['c'] };

/** The target under the pointer (the most precise kind), else the closest one of a kind it may land on. */
const collision: CollisionDetection = (args) => {
  const kinds = TARGETS[kind(args.active.id)] ?? [];
  const style = part(args.active.id, 1);
  const droppableContainers = args.droppableContainers.filter((c) => kinds.includes(kind(c.id)) && (kind(c.id) !== 'c' || part(c.id, 1) === style));
  const under = pointerWithin({ ...args, droppableContainers }).sort((x, y) => kinds.indexOf(kind(x.id)) - kinds.indexOf(kind(y.id)));
  if (under.length) return under.slice(0, 1);
  return closestCenter({ ...args, droppableContainers: droppableContainers.filter((c) => kind(c.id) !== 'g' || kinds[0] === 'g') });
};

/** The move batch a drop makes, or null when it changes nothing. */
export function dropMove(s: GroupSortState, active: string, over: string): MoveBatch | null {
  const k = kind(active);
  if (k === 'g') {
    const from = s.groups.findIndex((g) => g.id === part(active, 1));
    const to = s.groups.findIndex((g) => g.id === part(over, 1));
    const moving = s.groups[from];
    if (!moving || to < 0 || from === to || moving.locked) return null;
    const before = from < to ? s.groups[to + 1] : s.groups[to];
    return { type: 'moveDisplayGroup', moves: [{ item: moving.id, before: !before || before.uncategorized ? null : before.id }] };
  }
  if (k === 's') {
    const style = part(active, 1);
    const src = s.groups.find((g) => g.styles.some((x) => x.style === style));
    if (!src) return null;
    if (kind(over) === 'z' || kind(over) === 'g') {
      const target = part(over, 1);
      if (target === src.id) return null;
      return { type: 'moveStyle', moves: [{ item: style, before: null, displayGroup: target }] };
    }
    const overStyle = part(over, 1);
    if (overStyle === style) return null;
    const dst = s.groups.find((g) => g.styles.some((x) => x.style === overStyle));
    if (!dst) return null;
    const from = src.styles.findIndex((x) => x.style === style);
    const to = dst.styles.findIndex((x) => x.style === overStyle);
    const before = src === dst && from < to ? (dst.styles[to + 1]?.style ?? null) : overStyle;
    return { type: 'moveStyle', moves: [{ item: style, before, displayGroup: dst.id }] };
  }
  if (k === 'c' && kind(over) === 'c' && part(over, 1) === part(active, 1)) {
    const style = part(active, 1);
    const st = s.groups.flatMap((g) => g.styles).find((x) => x.style === style);
    if (!st) return null;
    const from = st.colors.findIndex((c) => c.color === part(active, 2));
    const to = st.colors.findIndex((c) => c.color === part(over, 2));
    const moving = st.colors[from];
    const target = st.colors[to];
    if (!moving || !target || from === to) return null;
    const before = from < to ? (st.colors[to + 1]?.color ?? null) : target.color;
    return { type: 'moveColor', moves: [{ item: moving.color, before, style }] };
  }
  return null;
}

function Handle({ label, listeners, attributes, disabled }: { label: string; listeners?: object; attributes?: object; disabled?: boolean }) {
  if (disabled) return <span className="gs-handle gs-handle--off" aria-hidden />;
  return (
    <button type="button" className="gs-handle" aria-label={label} title={label} {...attributes} {...listeners}>
      <svg width="12" height="16" viewBox="0 0 12 16" aria-hidden>
        {[3, 8, 13].flatMap((y) => [3, 9].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" />))}
      </svg>
    </button>
  );
}

function ColorChip({ style, c, editable }: { style: string; c: GroupStyle['colors'][number]; editable: boolean }) {
  const intl = useIntl();
  // A chip stays a list item for screen readers (dnd-kit would make it a button inside the list).
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: cid(style, c.color), disabled: !editable, attributes: { role: 'listitem' } });
  return (
    <li
      ref={setNodeRef}
      className={`gs-color${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="sort-color"
      data-color={c.color}
      title={c.colorDescription}
      {...(editable ? { ...attributes, ...listeners, 'aria-label': intl.formatMessage(sortMsg.dragColor, { color: c.color }) } : {})}
    >
      {c.thumbnail ? <img src={c.thumbnail} alt="" loading="lazy" width={48} height={36} draggable={false} /> : null}
      <span>{c.color}</span>
    </li>
  );
}

function StyleCard({ st, editable, overlay }: { st: GroupStyle; editable: boolean; overlay?: boolean }) {
  const intl = useIntl();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: sid(st.style), disabled: !editable || overlay });
  const hero = st.colors[0]?.thumbnail;
  return (
    <li
      ref={overlay ? undefined : setNodeRef}
      className={`gs-style${isDragging ? ' is-dragging' : ''}${overlay ? ' is-overlay' : ''}`}
      style={overlay ? undefined : { transform: CSS.Translate.toString(transform), transition }}
      data-testid="sort-style"
      data-style={st.style}
    >
      <Handle label={intl.formatMessage(sortMsg.dragStyle, { style: st.style })} listeners={listeners} attributes={attributes} disabled={!editable} />
      <div className="gs-style__hero">{hero ? <img src={hero} alt="" loading="lazy" width={96} height={72} draggable={false} /> : null}</div>
      <div className="gs-style__text">
        <strong className="gs-style__number">{st.style}</strong>
        <span className="gs-style__name">{st.name}</span>
        <span className="gs-style__meta">{[st.gender, st.pillar, st.productType].filter(Boolean).join(' · ')}</span>
      </div>
      <SortableContext items={st.colors.map((c) => cid(st.style, c.color))} strategy={horizontalListSortingStrategy}>
        <ul className="gs-colors" aria-label={intl.formatMessage(sortMsg.colors, { n: st.colors.length })}>
          {st.colors.map((c) => (
            <ColorChip key={c.color} style={st.style} c={c} editable={editable && !overlay} />
          ))}
        </ul>
      </SortableContext>
    </li>
  );
}

function GroupTitle({ g, editable, onRename }: { g: DisplayGroup; editable: boolean; onRename: (t: string) => void }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(g.title);
  const title = g.uncategorized ? intl.formatMessage(sortMsg.uncategorized) : g.title;
  if (editing) {
    const done = (save: boolean) => {
      setEditing(false);
      const t = text.trim();
      if (save && t && t !== g.title) onRename(t);
      else setText(g.title);
    };
    return (
      <input
        className="its-input gs-group__rename"
        value={text}
        maxLength={120}
        autoFocus
        aria-label={intl.formatMessage(sortMsg.rename)}
        data-testid="group-rename"
        onChange={(e) => setText(e.target.value)}
        onBlur={() => done(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') done(true);
          if (e.key === 'Escape') done(false);
        }}
      />
    );
  }
  const canRename = editable && !g.locked && !g.uncategorized;
  return (
    <h2 className="gs-group__title" onDoubleClick={() => canRename && setEditing(true)} title={canRename ? intl.formatMessage(sortMsg.rename) : undefined}>
      {title}
    </h2>
  );
}

interface GroupProps {
  g: DisplayGroup;
  assortmentId: string;
  editable: boolean;
  onUpdate: (id: string, change: { title?: string; openState?: boolean; alwaysOpen?: boolean; locked?: boolean }) => void;
  onContent: (id: string, content: CustomContent) => Promise<unknown>;
}

function GroupPanel({ g, assortmentId, editable, onUpdate, onContent }: GroupProps) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: gid(g.id), disabled: !editable || g.locked });
  const zone = useDroppable({ id: zid(g.id), disabled: !editable });
  const open = g.openState || g.alwaysOpen;
  const colorCount = g.styles.reduce((n, s) => n + s.colors.length, 0);
  return (
    <section
      ref={setNodeRef}
      className={`gs-group${isDragging ? ' is-dragging' : ''}${g.uncategorized ? ' gs-group--uncategorized' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="sort-group"
      data-id={g.id}
      data-title={g.title}
      data-open={open}
      data-locked={g.locked || undefined}
    >
      <header className="gs-group__head">
        <Handle label={intl.formatMessage(sortMsg.dragGroup, { title: g.title })} listeners={listeners} attributes={attributes} disabled={!editable || g.locked} />
        <button
          type="button"
          className={`gs-group__toggle${open ? ' is-open' : ''}`}
          aria-expanded={open}
          aria-label={g.uncategorized ? intl.formatMessage(sortMsg.uncategorized) : g.title}
          disabled={g.alwaysOpen}
          onClick={() => onUpdate(g.id, { openState: !g.openState })}
          data-testid="group-toggle"
        >
          <ProductIcon name="chevronRight" size={16} />
        </button>
        <GroupTitle g={g} editable={editable} onRename={(title) => onUpdate(g.id, { title })} />
        <span className="gs-group__count">
          {intl.formatMessage(sortMsg.styles, { n: g.styles.length })} · {intl.formatMessage(sortMsg.colors, { n: colorCount })}
        </span>
        <span className="gs-group__flags">
          {g.locked && (
            <span className="gs-flag" data-testid="group-locked">
              <ProductIcon name="lock" size={13} />
              {intl.formatMessage(sortMsg.locked)}
            </span>
          )}
          {!editing && hasContent(g.customContent) && (
            <span className="gs-flag" data-testid="group-has-content" title={intl.formatMessage(contentMsg.hasContent)}>
              <ProductIcon name="panel" size={13} />
            </span>
          )}
          {editable && !g.uncategorized && (
            <>
              <button
                type="button"
                className="its-btn its-btn--ghost its-btn--sm"
                onClick={() => setEditing((v) => !v)}
                aria-expanded={editing}
                data-testid="group-content-edit"
              >
                <ProductIcon name="edit" size={14} />
                {intl.formatMessage(contentMsg.edit)}
              </button>
              <label className="gs-flag gs-flag--toggle">
                <input type="checkbox" checked={g.alwaysOpen} onChange={(e) => onUpdate(g.id, { alwaysOpen: e.target.checked })} data-testid="group-always-open" />
                {intl.formatMessage(sortMsg.alwaysOpen)}
              </label>
              <button
                type="button"
                className="its-btn its-btn--ghost its-btn--sm"
                onClick={() => onUpdate(g.id, { locked: !g.locked })}
                data-testid="group-lock"
                aria-pressed={g.locked}
                title={intl.formatMessage(g.locked ? sortMsg.unlock : sortMsg.lock)}
              >
                <ProductIcon name={g.locked ? 'lock' : 'edit'} size={14} />
                {intl.formatMessage(g.locked ? sortMsg.unlock : sortMsg.lock)}
              </button>
            </>
          )}
        </span>
      </header>
      {editing ? (
        <CustomContentEditor assortmentId={assortmentId} group={g} onSave={(c) => onContent(g.id, c)} onClose={() => setEditing(false)} />
      ) : (
        open && <GroupContent content={g.customContent} title={g.title} />
      )}
      {open && (
        <SortableContext items={g.styles.map((s) => sid(s.style))} strategy={verticalListSortingStrategy}>
          <ul ref={zone.setNodeRef} className={`gs-styles${zone.isOver ? ' is-over' : ''}`} data-testid="group-styles">
            {g.styles.map((s) => (
              <StyleCard key={s.style} st={s} editable={editable} />
            ))}
            {g.styles.length === 0 && <li className="gs-empty">{intl.formatMessage(sortMsg.emptyGroup)}</li>}
          </ul>
        </SortableContext>
      )}
    </section>
  );
}

function SaveState({ status }: { status: SaveStatus }) {
  const intl = useIntl();
  if (status === 'stale' || status === 'failed') return null;
  const saving = status === 'saving' || status === 'pending';
  return (
    <span className={`gs-save${saving ? ' is-saving' : ''}`} data-testid="sort-save" data-status={status} role="status">
      {intl.formatMessage(saving ? sortMsg.saving : sortMsg.saved)}
    </span>
  );
}

function Board({ a, initial, editable, org }: { a: Assortment; initial: GroupSortState; editable: boolean; org: OrgBase }) {
  const intl = useIntl();
  const userLock = useCallback(
    () =>
      toast.error(intl.formatMessage(msg.userLock), {
        key: 'assortment-user-lock',
        timeout: 5000,
        action: { label: intl.formatMessage(msg.reload), onClick: () => window.location.reload() },
      }),
    [intl],
  );
  const gs = useGroupSort(initial, { org, onUserLock: userLock, onFailed: (e) => toast.error(intl.formatMessage(msg.failed, { message: errorText(e) })) });
  const canMove = editable && gs.status !== 'stale';
  const [dragging, setDragging] = useState<string | null>(null);
  const [autoSort, setAutoSort] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const { state } = gs;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement | null)?.closest('input, textarea, select')) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) {
        e.preventDefault();
        gs.undo();
      } else if (k === 'y' || (k === 'z' && e.shiftKey)) {
        e.preventDefault();
        gs.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [gs]);

  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    if (!e.over) return;
    const b = dropMove(state, String(e.active.id), String(e.over.id));
    if (b) gs.move([b]);
  };
  const update = (id: string, change: { title?: string; openState?: boolean; alwaysOpen?: boolean; locked?: boolean }) => {
    if (!canMove) return;
    void gs.send({ type: 'updateDisplayGroup', displayGroup: id, ...change }).catch(() => undefined);
  };
  const content = (id: string, customContent: CustomContent) =>
    canMove ? gs.send({ type: 'updateDisplayGroup', displayGroup: id, customContent }) : Promise.resolve();
  const groupBy = async (g: GroupBy) => {
    try {
      await gs.flush();
      await gs.send({ type: 'groupBy', groupBy: g });
      toast.success(intl.formatMessage(sortMsg.regrouped, { field: intl.formatMessage(fieldMsg[g]) }));
    } catch {
      /* the hook has told the user */
    }
  };
  const setAllOpen = (open: boolean) => {
    for (const g of state.groups) if (!g.alwaysOpen && g.openState !== open) update(g.id, { openState: open });
  };
  const dragged = useMemo(() => (dragging && kind(dragging) === 's' ? state.groups.flatMap((g) => g.styles).find((s) => s.style === part(dragging, 1)) : undefined), [dragging, state]);
  const total = state.groups.reduce((n, g) => n + g.styles.length, 0);

  return (
    <>
      <div className="gs-toolbar" role="toolbar" data-testid="sort-toolbar">
        <label className="gs-field">
          <span>{intl.formatMessage(sortMsg.groupBy)}</span>
          <select className="its-input" value={state.groupBy} disabled={!canMove} onChange={(e) => void groupBy(e.target.value as GroupBy)} data-testid="sort-group-by">
            {GROUP_BY.map((f) => (
              <option key={f} value={f}>
                {intl.formatMessage(fieldMsg[f])}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="its-btn its-btn--secondary" disabled={!canMove || total === 0} onClick={() => setAutoSort(true)} data-testid="sort-auto">
          <ProductIcon name="list" size={15} />
          {intl.formatMessage(sortMsg.autoSort)}
        </button>
        <span className="gs-toolbar__sep" />
        <button type="button" className="its-btn its-btn--ghost" disabled={!canMove || !gs.canUndo} onClick={gs.undo} data-testid="sort-undo" title="Ctrl+Z">
          {intl.formatMessage(sortMsg.undo)}
        </button>
        <button type="button" className="its-btn its-btn--ghost" disabled={!canMove || !gs.canRedo} onClick={gs.redo} data-testid="sort-redo" title="Ctrl+Y">
          {intl.formatMessage(sortMsg.redo)}
        </button>
        <span className="gs-toolbar__sep" />
        <button type="button" className="its-btn its-btn--ghost" disabled={!canMove} onClick={() => setAllOpen(true)} data-testid="sort-expand">
          {intl.formatMessage(sortMsg.expandAll)}
        </button>
        <button type="button" className="its-btn its-btn--ghost" disabled={!canMove} onClick={() => setAllOpen(false)} data-testid="sort-collapse">
          {intl.formatMessage(sortMsg.collapseAll)}
        </button>
        <span className="gs-toolbar__end">{editable && <SaveState status={gs.status} />}</span>
      </div>
      {gs.status === 'stale' && (
        <div className="am-banner am-banner--warning" role="alert" data-testid="sort-stale">
          <ProductIcon name="alert" size={18} />
          <span className="am-banner__text">{intl.formatMessage(sortMsg.stale)}</span>
          <button type="button" className="its-btn its-btn--secondary" onClick={() => window.location.reload()}>
            {intl.formatMessage(msg.reload)}
          </button>
        </div>
      )}
      {!editable && (
        <div className="am-banner am-banner--info" role="status" data-testid="sort-read-only">
          <ProductIcon name="lock" size={18} />
          <span className="am-banner__text">{intl.formatMessage(sortMsg.readOnly, { channel: a.channel })}</span>
        </div>
      )}
      {total === 0 ? (
        <EmptyState icon="info" title={intl.formatMessage(sortMsg.empty)} />
      ) : (
        <DndContext sensors={sensors} collisionDetection={collision} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
          <SortableContext items={state.groups.map((g) => gid(g.id))} strategy={verticalListSortingStrategy}>
            <div className="gs-board" data-testid="sort-board" data-version={state.version}>
              {state.groups.map((g) => (
                <GroupPanel key={g.id} g={g} assortmentId={a._id} editable={canMove} onUpdate={update} onContent={content} />
              ))}
            </div>
          </SortableContext>
          <DragOverlay>{dragged ? <StyleCard st={dragged} editable={false} overlay /> : null}</DragOverlay>
        </DndContext>
      )}
      {autoSort && (
        <AutoSortDialog
          onClose={() => setAutoSort(false)}
          onApply={async (keys) => {
            setAutoSort(false);
            try {
              await gs.flush();
              await gs.send({ type: 'sortStyles', keys }, { undoable: true });
              toast.success(intl.formatMessage(sortMsg.sorted));
            } catch {
              /* told */
            }
          }}
        />
      )}
    </>
  );
}

function Frame({ a, org = 'assortments', children }: { a?: Assortment; org?: OrgBase; children: ReactNode }) {
  const intl = useIntl();
  const internal = org === 'internalAssortments';
  const home = internal ? internalListPath(a?.channel ?? 'wholesale') : viewPath('all');
  // An internal assortment's product grid is not built yet: its sort page is its page.
  const products = a && !internal ? managePath(a._id) : undefined;
  usePageTitle(a ? `${a.title} · ${intl.formatMessage(sortMsg.title)}` : intl.formatMessage(sortMsg.title));
  return (
    <div className="gs-page" data-testid="assortment-sort">
      <header className="am-detail-head">
        <nav className="am-crumbs">
          <Link to={home}>{intl.formatMessage(internal ? msg.internal : msg.manager)}</Link>
          <ProductIcon name="chevronRight" size={14} />
          {a && products ? <Link to={products}>{a.title}</Link> : <span>{a?.title ?? '…'}</span>}
          <ProductIcon name="chevronRight" size={14} />
          <span>{intl.formatMessage(sortMsg.title)}</span>
        </nav>
        <div className="am-detail-head__main">
          <h1 className="am-detail-head__title" data-testid="sort-title">
            {a?.title ?? ''}
          </h1>
          {products && (
            <Link className="its-btn its-btn--secondary" to={products} data-testid="sort-back">
              <ProductIcon name="list" />
              {intl.formatMessage(sortMsg.backToProducts)}
            </Link>
          )}
        </div>
      </header>
      {children}
    </div>
  );
}

/** The sort page of an assortment of org (regular by default, or internal: internalAssortments.edit on its channel, region and productType). */
export function SortPage({ id, org = 'assortments' }: { id: string; org?: OrgBase }) {
  const a = useQuery({ queryKey: [org, 'assortment', id], queryFn: ({ signal }) => getAssortment(id, signal, org), retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2 });
  const isStatic = a.data?.method === 'static' && a.data.type === 'item';
  const gs = useQuery({ queryKey: [org, 'groupsort', id], queryFn: ({ signal }) => fetchGroupSort(id, signal, org), enabled: isStatic, staleTime: 0, gcTime: 0 });
  const { channel = 'All', region = 'All', productType = 'All' } = a.data ?? {};
  const checks = useMemo<AuthzCheck[]>(
    () => [
      org === 'internalAssortments'
        ? authzCheck(actions.internalAssortmentsEdit, { channel, region, productType })
        : authzCheck(actions.assortmentsEdit, { channel }),
    ],
    [org, channel, region, productType],
  );
  const decisions = useDecisions(checks);
  if (a.isError) {
    const missing = a.error instanceof ApiError && a.error.status === 404;
    return (
      <Frame org={org}>
        <EmptyState
          icon="warning"
          title={
            missing ? (
              <FormattedMessage id="assortments.missing" defaultMessage="This assortment does not exist, or it is not yours." />
            ) : (
              <FormattedMessage id="assortments.loadError" defaultMessage="The assortment could not be opened." />
            )
          }
        />
      </Frame>
    );
  }
  if (!a.data) return <Frame org={org}><div className="am-loading"><Spinner size={28} /></div></Frame>;
  if (!isStatic) {
    return (
      <Frame a={a.data} org={org}>
        <EmptyState icon="info" title={<FormattedMessage {...sortMsg.dynamic} />} />
      </Frame>
    );
  }
  if (gs.isError) {
    return (
      <Frame a={a.data} org={org}>
        <EmptyState icon="warning" title={<FormattedMessage id="assortments.loadError" defaultMessage="The assortment could not be opened." />} />
      </Frame>
    );
  }
  if (!gs.data || decisions.allowed[0] === undefined) return <Frame a={a.data} org={org}><div className="am-loading"><Spinner size={28} /></div></Frame>;
  const editable = decisions.allowed[0] === true && a.data.state !== 'archived';
  return (
    <Frame a={a.data} org={org}>
      <Board key={gs.dataUpdatedAt} a={a.data} initial={gs.data} editable={editable} org={org} />
    </Frame>
  );
}

export { UNCATEGORIZED };
