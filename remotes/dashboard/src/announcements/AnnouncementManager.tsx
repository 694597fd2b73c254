/**
 * The announcements manager, opened from the dashboard by their editors: every announcement
 * (drafts, scheduled and expired ones too) beside the form of the chosen or a new one.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ApiError, Dialog, EmptyState, Icon, Skeleton, confirm, toast } from '@its/kit';
import {
  chartKeys,
  createChart,
  deleteChart,
  fetchChartPdf,
  fieldErrors,
  isUserLock,
  listAll,
  localToday,
  reportedByShell,
  saveBlob,
  updateChart,
  type Chart,
} from './api';
import { AnnouncementEditor, FORM_FIELDS, changedFields, describeError, emptyValues, valuesOf, type Values } from './AnnouncementEditor';
import type { AdAsset } from './AssetPicker';
import { StatusPill } from './StatusPill';
import './announcements.css';

/** A calendar day of the API, shown as that day wherever the user is. */
function Day({ value }: { value: string }) {
  return <FormattedDate value={value} timeZone="UTC" day="numeric" month="short" year="numeric" />;
}

function Period({ chart }: { chart: Chart }) {
  if (chart.startDate && chart.endDate)
    return <FormattedMessage id="dashboard.manage.period.between" defaultMessage="{start} – {end}" values={{ start: <Day value={chart.startDate} />, end: <Day value={chart.endDate} /> }} />;
  if (chart.startDate) return <FormattedMessage id="dashboard.manage.period.from" defaultMessage="From {start}" values={{ start: <Day value={chart.startDate} /> }} />;
  if (chart.endDate) return <FormattedMessage id="dashboard.manage.period.until" defaultMessage="Until {end}" values={{ end: <Day value={chart.endDate} /> }} />;
  return <FormattedMessage id="dashboard.manage.period.always" defaultMessage="No end date" />;
}

function ChartList({ charts, selected, today, onSelect }: { charts: Chart[]; selected: string | null; today: string; onSelect: (c: Chart) => void }) {
  return (
    <ul className="dash-ann-list" data-testid="announcement-list">
      {charts.map((c) => (
        <li key={c._id}>
          <button
            type="button"
            className={`dash-ann-item${selected === c._id ? ' is-selected' : ''}`}
            onClick={() => onSelect(c)}
            aria-current={selected === c._id ? 'true' : undefined}
            data-testid="announcement-item"
            data-id={c._id}
          >
            <span className="dash-ann-item__top">
              <span className="dash-ann-item__title" title={c.title}>
                {c.title}
              </span>
              <StatusPill chart={c} today={today} />
            </span>
            <span className="dash-ann-item__meta">
              <Icon name="calendar" size={14} />
              <Period chart={c} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function AnnouncementManager({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const today = localToday();
  const list = useQuery({ queryKey: chartKeys.every, queryFn: ({ signal }) => listAll(signal), enabled: open, retry: false });
  const charts = useMemo(() => (Array.isArray(list.data) ? list.data : []), [list.data]);

  const [current, setCurrent] = useState<Chart | null>(null);
  const [base, setBase] = useState<Values>(emptyValues);
  const [values, setValues] = useState<Values>(emptyValues);
  const [asset, setAsset] = useState<AdAsset | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<ReactNode>(null);
  const [errorRound, setErrorRound] = useState(0);

  const dirty = Object.keys(changedFields(base, values)).length > 0 || (!current && !!asset);

  const load = (c: Chart | null) => {
    const v = c ? valuesOf(c) : emptyValues;
    setCurrent(c);
    setBase(v);
    setValues(v);
    setAsset(null);
    setErrors({});
    setFormError(null);
  };

  const discardMessages = {
    title: intl.formatMessage({ id: 'dashboard.manage.discard.title', defaultMessage: 'Discard your changes?' }),
    message: intl.formatMessage({ id: 'dashboard.manage.discard.message', defaultMessage: 'The changes to this announcement have not been saved.' }),
    yesText: intl.formatMessage({ id: 'dashboard.manage.discard.yes', defaultMessage: 'Discard' }),
    noText: intl.formatMessage({ id: 'dashboard.manage.discard.no', defaultMessage: 'Keep editing' }),
  };
  /** Runs `then` at once, or after the user agrees to lose unsaved changes. */
  const leave = (then: () => void) => void confirm({ ...discardMessages, tone: 'warning', checkChanges: true, hasChanges: () => dirty, onYes: then });

  const refresh = () => client.invalidateQueries({ queryKey: chartKeys.all });

  /** Shows a failed write: field errors under their fields, the rest above the form. */
  const report = (e: unknown) => {
    if (reportedByShell(e)) return;
    const fields = fieldErrors(e);
    if (fields) {
      const next: Record<string, string> = {};
      const other: string[] = [];
      for (const f of fields) {
        if ((FORM_FIELDS as readonly string[]).includes(f.field)) next[f.field] ??= describeError(intl, f);
        else other.push(describeError(intl, f));
      }
      setErrors(next);
      setFormError(other.length ? other.join(' ') : null);
      setErrorRound((n) => n + 1);
      return;
    }
    setErrors({});
    if (isUserLock(e)) {
      setFormError(
        <span className="dash-ann-editor__conflict">
          <FormattedMessage id="dashboard.manage.conflict" defaultMessage="Someone else changed this announcement after you opened it." />
          <button
            type="button"
            className="its-btn its-btn--link"
            onClick={async () => {
              const fresh = (await client.fetchQuery({ queryKey: chartKeys.every, queryFn: () => listAll(), staleTime: 0 })).find((c) => c._id === current?._id);
              load(fresh ?? null);
            }}
            data-testid="announcement-reload"
          >
            <FormattedMessage id="dashboard.manage.conflict.reload" defaultMessage="Load their version" />
          </button>
        </span>,
      );
    } else if (e instanceof ApiError && e.status === 404) {
      setFormError(<FormattedMessage id="dashboard.manage.gone" defaultMessage="This announcement no longer exists." />);
      void refresh();
    } else if (e instanceof ApiError && e.status === 403) {
      setFormError(<FormattedMessage id="dashboard.manage.forbidden" defaultMessage="You are not allowed to manage announcements." />);
    } else {
      setFormError(e instanceof Error ? e.message : String(e));
    }
  };

  const save = useMutation({
    mutationFn: () =>
      current
        ? updateChart(current._id, { ...changedFields(base, values), modifiedDate: current.modifiedDate })
        : createChart({ ...values, ...(asset ? { assetId: asset._id } : {}) }),
    onSuccess: (saved) => {
      toast.success(
        current
          ? intl.formatMessage({ id: 'dashboard.manage.saved', defaultMessage: 'Announcement saved' })
          : intl.formatMessage({ id: 'dashboard.manage.created', defaultMessage: 'Announcement created' }),
        { key: 'announcement' },
      );
      load(saved);
      void refresh();
    },
    onError: report,
  });

  const togglePublished = useMutation({
    mutationFn: (c: Chart) => updateChart(c._id, { published: !c.published, modifiedDate: c.modifiedDate }),
    onSuccess: (saved) => {
      toast.success(
        saved.published
          ? intl.formatMessage({ id: 'dashboard.manage.published', defaultMessage: 'Announcement published' })
          : intl.formatMessage({ id: 'dashboard.manage.unpublished', defaultMessage: 'Announcement unpublished' }),
        { key: 'announcement' },
      );
      // Other edits in the form are kept; only the publish state was saved.
      setCurrent(saved);
      setBase(valuesOf(saved));
      setValues((v) => ({ ...v, published: saved.published }));
      setFormError(null);
      void refresh();
    },
    onError: report,
  });

  const remove = useMutation({
    mutationFn: (c: Chart) => deleteChart(c._id),
    onSuccess: () => {
      toast.success(intl.formatMessage({ id: 'dashboard.manage.deleted', defaultMessage: 'Announcement deleted' }), { key: 'announcement' });
      load(null);
      void refresh();
    },
    onError: report,
  });

  const [downloading, setDownloading] = useState(false);
  const download = async (c: Chart) => {
    setDownloading(true);
    try {
      const { blob, filename } = await fetchChartPdf(c._id);
      saveBlob(blob, filename);
    } catch (e) {
      toast.error(
        intl.formatMessage({ id: 'dashboard.manage.pdf.failed', defaultMessage: 'The PDF could not be made: {message}' }, { message: e instanceof Error ? e.message : '' }),
        { key: 'announcement-pdf' },
      );
    } finally {
      setDownloading(false);
    }
  };

  const askDelete = (c: Chart) =>
    void confirm({
      tone: 'danger',
      title: intl.formatMessage({ id: 'dashboard.manage.delete.title', defaultMessage: 'Delete this announcement?' }),
      message: intl.formatMessage(
        { id: 'dashboard.manage.delete.message', defaultMessage: '“{title}” will be removed from every dashboard. This cannot be undone.' },
        { title: c.title },
      ),
      yesText: intl.formatMessage({ id: 'dashboard.manage.delete.yes', defaultMessage: 'Delete' }),
      noText: intl.formatMessage({ id: 'dashboard.manage.delete.no', defaultMessage: 'Cancel' }),
      onYes: () => remove.mutate(c),
    });

  const close = () =>
    leave(() => {
      load(null);
      onClose();
    });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={<FormattedMessage id="dashboard.manage.title" defaultMessage="Manage announcements" />}
      icon="megaphone"
      tone="info"
      width={1080}
      className="dash-ann-dialog"
      testId="announcement-manager"
    >
      <div className="dash-ann-layout">
        <section className="dash-ann-side" aria-label={intl.formatMessage({ id: 'dashboard.manage.list', defaultMessage: 'All announcements' })}>
          <div className="dash-ann-side__head">
            <span className="dash-ann-side__count">
              <FormattedMessage id="dashboard.manage.count" defaultMessage="{n, plural, one {# announcement} other {# announcements}}" values={{ n: charts.length }} />
            </span>
            <button type="button" className="its-btn its-btn--primary dash-ann-side__new" onClick={() => leave(() => load(null))} data-testid="announcement-new">
              <Icon name="edit" size={16} />
              <FormattedMessage id="dashboard.manage.newButton" defaultMessage="New" />
            </button>
          </div>
          {list.isPending && (
            <div className="dash-ann-list">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="dash-ann-item dash-ann-item--skeleton">
                  <Skeleton width="80%" />
                  <Skeleton width="50%" height={10} />
                </div>
              ))}
            </div>
          )}
          {list.isError && (
            <EmptyState icon="warning" title={<FormattedMessage id="dashboard.announcements.error" defaultMessage="Error: Cannot fetch Announcements" />}>
              <button type="button" className="its-btn its-btn--secondary" onClick={() => void list.refetch()}>
                <FormattedMessage id="dashboard.manage.retry" defaultMessage="Try again" />
              </button>
            </EmptyState>
          )}
          {list.isSuccess && charts.length === 0 && (
            <EmptyState icon="megaphone" title={<FormattedMessage id="dashboard.manage.empty" defaultMessage="No announcements yet." />} />
          )}
          {charts.length > 0 && <ChartList charts={charts} selected={current?._id ?? null} today={today} onSelect={(c) => c._id !== current?._id && leave(() => load(c))} />}
        </section>
        <AnnouncementEditor
          key={current?._id ?? 'new'}
          chart={current}
          values={values}
          onChange={(v) => {
            // A field the user touches again loses its old error.
            setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in v) || v[k as keyof Values] === values[k as keyof Values])));
            setValues(v);
          }}
          asset={asset}
          onAsset={(a) => {
            setAsset(a);
            if (a) setValues((v) => ({ ...v, title: v.title.trim() ? v.title : a.name, link: v.link.trim() ? v.link : `/advertising/libraries?asset=${a._id}` }));
          }}
          errors={errors}
          errorRound={errorRound}
          formError={formError}
          dirty={dirty}
          saving={save.isPending}
          busy={save.isPending || togglePublished.isPending || remove.isPending}
          today={today}
          onSave={() => save.mutate()}
          onReset={() => load(current)}
          onTogglePublished={() => current && togglePublished.mutate(current)}
          onDownload={() => current && void download(current)}
          onDelete={() => current && askDelete(current)}
          downloading={downloading}
        />
      </div>
    </Dialog>
  );
}
