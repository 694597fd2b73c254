/**
 * The editors' content grid: every video, image and PDF of every event in the grid kit, with
 * title, description, navigation and order edited in place, uploads into an event's page and
 * deletion. The server checks each call (conference.manage) and each value.
 */
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { api, confirm, csrfToken, CSRF_HEADER, toast, usePageTitle, withModuleMessages } from '@its/kit';
import { DataGrid, type ColumnExtras, type DataGridHandle, type GridColumn, type GridRow, type GridSchema, type GridSource, type RowSink } from '@its/grid';
import type { Item } from './api';
import { catalogue, pageSection } from './catalogue';
import { loadMessages } from './messages';
import { pageName, seasonName, tabName, untyped } from './names';
import './conference.css';

const m = untyped(defineMessages({
  title: { id: 'conference.manage.title', defaultMessage: 'Conference content' },
  upload: { id: 'conference.manage.upload', defaultMessage: 'Upload' },
  event: { id: 'conference.manage.event', defaultMessage: 'Event' },
  page: { id: 'conference.manage.page', defaultMessage: 'Page' },
  tab: { id: 'conference.manage.tab', defaultMessage: 'Navigation' },
  itemTitle: { id: 'conference.manage.itemTitle', defaultMessage: 'Title' },
  file: { id: 'conference.manage.file', defaultMessage: 'File (video, image or PDF, up to 15 MB)' },
  uploaded: { id: 'conference.manage.uploaded', defaultMessage: '{title} was uploaded' },
  failed: { id: 'conference.manage.failed', defaultMessage: 'Not saved: {message}' },
  deleteOne: { id: 'conference.manage.delete', defaultMessage: 'Delete {title}?' },
  deleted: { id: 'conference.manage.deleted', defaultMessage: '{title} was deleted' },
  empty: { id: 'conference.manage.empty', defaultMessage: 'No content yet. Upload the first file above.' },
}));

const headers = untyped(defineMessages({
  preview: { id: 'conference.col.preview', defaultMessage: 'Preview' },
  event: { id: 'conference.col.event', defaultMessage: 'Event' },
  section: { id: 'conference.col.section', defaultMessage: 'Page' },
  tab: { id: 'conference.col.tab', defaultMessage: 'Navigation' },
  title: { id: 'conference.col.title', defaultMessage: 'Title' },
  description: { id: 'conference.col.description', defaultMessage: 'Description' },
  kind: { id: 'conference.col.kind', defaultMessage: 'Type' },
  size: { id: 'conference.col.size', defaultMessage: 'Size (KB)' },
  sort: { id: 'conference.col.sort', defaultMessage: 'Order' },
  updatedAt: { id: 'conference.col.updatedAt', defaultMessage: 'Modified' },
}));

const col = (field: string, type: GridColumn['type'], width: number, editable = false): GridColumn => ({
  field,
  headerName: field,
  type,
  editable,
  validators: [],
  sortable: field !== 'preview',
  width,
});

const schema: GridSchema = {
  grid: 'conference.items',
  idField: 'id',
  versionField: 'version',
  pageSize: 2000,
  maxLimit: 2000,
  maxBatch: 100,
  columns: [
    col('preview', 'text', 110),
    col('event', 'text', 110),
    col('section', 'text', 130),
    col('tab', 'text', 130),
    col('title', 'text', 280, true),
    col('description', 'text', 320, true),
    col('kind', 'text', 90),
    col('size', 'integer', 100),
    col('sort', 'integer', 90, true),
    col('updatedAt', 'datetime', 170),
  ],
  messages: {},
};

const toRow = (i: Item): GridRow => ({ ...i, id: String(i.id), size: Math.round(i.size / 1024) }) as unknown as GridRow;

function PreviewCell(p: { data?: GridRow }) {
  const i = p.data as unknown as Item | undefined;
  const src = i?.posterUrl ?? (i?.kind === 'image' ? i.url : undefined);
  return src ? <img className="cf-grid-thumb" src={src} alt="" loading="lazy" /> : null;
}

/** The upload form: event, page, navigation tab, title and the file. */
function UploadForm({ onUploaded }: { onUploaded: (i: Item) => void }) {
  const intl = useIntl();
  const [event, setEvent] = useState(catalogue.events[0]!.id);
  const e = catalogue.events.find((x) => x.id === event)!;
  const sections = [...new Set(e.pages.map((p) => pageSection[p]!))];
  const [section, setSection] = useState(sections[0]!);
  const sec = sections.includes(section) ? section : sections[0]!;
  const tabs = sec === 'categories' ? catalogue.categories : sec === 'ads' ? e.ads : [];
  const [tab, setTab] = useState('');
  const t = tabs.includes(tab) ? tab : (tabs[0] ?? '');
  const [title, setTitle] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f = file.current?.files?.[0];
    if (!f) return;
    setBusy(true);
    try {
      const q = new URLSearchParams({ event, section: sec, tab: t, title: title || f.name });
      const res = await fetch(`/api/conference/items?${q}`, {
        method: 'POST',
        credentials: 'include',
        headers: { [CSRF_HEADER]: csrfToken(), 'Content-Type': f.type || 'application/octet-stream' },
        body: f,
      });
      const body = (await res.json().catch(() => ({}))) as { data?: Item; message?: string };
      if (!res.ok || !body.data) throw new Error(body.message ?? res.statusText);
      toast.success(intl.formatMessage(m.uploaded, { title: body.data.title }));
      onUploaded(body.data);
      setTitle('');
      if (file.current) file.current.value = '';
    } catch (err) {
      toast.error(intl.formatMessage(m.failed, { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="cf-upload" onSubmit={submit} data-testid="conference-upload">
      <label>
        {intl.formatMessage(m.event)}
        <select className="its-input" value={event} onChange={(x) => setEvent(x.target.value)} data-testid="conference-upload-event">
          {catalogue.events.map((x) => (
            <option key={x.id} value={x.id}>
              {seasonName(intl, x)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {intl.formatMessage(m.page)}
        <select className="its-input" value={sec} onChange={(x) => setSection(x.target.value)} data-testid="conference-upload-section">
          {sections.map((s) => (
            <option key={s} value={s}>
              {pageName(intl, s)}
            </option>
          ))}
        </select>
      </label>
      {tabs.length > 0 && (
        <label>
          {intl.formatMessage(m.tab)}
          <select className="its-input" value={t} onChange={(x) => setTab(x.target.value)} data-testid="conference-upload-tab">
            {tabs.map((x) => (
              <option key={x} value={x}>
                {tabName(intl, x)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {intl.formatMessage(m.itemTitle)}
        <input className="its-input" value={title} maxLength={200} onChange={(x) => setTitle(x.target.value)} data-testid="conference-upload-title" />
      </label>
      <label>
        {intl.formatMessage(m.file)}
        <input ref={file} type="file" accept="video/mp4,video/webm,image/jpeg,image/png,image/webp,application/pdf" required data-testid="conference-upload-file" />
      </label>
      <button type="submit" className="its-btn its-btn--primary" disabled={busy} data-testid="conference-upload-submit">
        {intl.formatMessage(m.upload)}
      </button>
    </form>
  );
}

function Manage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const grid = useRef<DataGridHandle | null>(null);
  const load = useCallback(async (_q: unknown, signal: AbortSignal, sink: RowSink) => {
    const items = await api.get<Item[]>('/api/conference/items', { signal });
    sink.total(items.length);
    sink.rows(items.map(toRow));
  }, []);
  const source = useMemo<GridSource>(
    () => ({
      load,
      send: async (req) => {
        const updated: GridRow[] = [];
        for (const u of req.update ?? []) {
          const changes = { ...u.changes } as Record<string, unknown>;
          if ('sort' in changes) changes.sort = Number(changes.sort ?? 0);
          updated.push(toRow(await api.patch<Item>(`/api/conference/items/${u.id}`, { version: u.version, ...changes })));
        }
        const deleted: GridRow[] = [];
        for (const d of req.delete ?? []) {
          await api.delete(`/api/conference/items/${d.id}`);
          deleted.push({ id: d.id, version: d.version });
        }
        return { updated, added: [], deleted };
      },
    }),
    [load],
  );
  const columnExtras = useMemo<ColumnExtras>(() => ({ preview: { cellRenderer: PreviewCell } }) as ColumnExtras, []);
  const headerName = useCallback((c: GridColumn) => (headers[c.field as keyof typeof headers] ? intl.formatMessage(headers[c.field as keyof typeof headers]) : c.field), [intl]);
  return (
    <div className="cf-manage" data-testid="conference-manage">
      <h1>{intl.formatMessage(m.title)}</h1>
      <UploadForm onUploaded={() => void grid.current?.reload()} />
      <div className="cf-manage__grid">
        <DataGrid
          schema={schema}
          source={source}
          canEdit
          handle={grid}
          columnExtras={columnExtras}
          headerName={headerName}
          exportFileName="conference-content"
          confirmDelete={(n) => confirm({ title: intl.formatMessage(m.deleteOne, { title: n }) }).then((r) => r === 'yes')}
          emptyState={() => intl.formatMessage(m.empty)}
          testId="conference-grid"
        />
      </div>
    </div>
  );
}

export default withModuleMessages(Manage, loadMessages);
