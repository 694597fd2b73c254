/**
 * assortment-manager--assortment--export: an assortment's documents. The settings panel (type and
 * subtype, the column set, the toggles and further fields of product spec §3.2), a live preview
 * of the first pages rendered by the server, the exports (run as download-queue jobs with
 * progress and cancel), and the share and schedule dialogs with the saved documents below.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  Dialog,
  EmptyState,
  Icon,
  Spinner,
  LOCALES,
  actions,
  authzCheck,
  downloadUrl,
  enums,
  toast,
  useDecisions,
  usePageTitle,
  withModuleMessages,
} from '@its/kit';
import { addresses, defaultSettings, documentsApi, PACKAGE_VARIANTS, type DocumentPayload, type FileType, type Job, type PackageVariant, type SavedDocument, type Settings, type DocumentTemplate, type TemplateOptions } from './api';
import { m, labelOf, packageLabels, tm } from './texts';
import { TemplatesMenu } from './Templates';
import { loadMessages } from './messages';
import './documents.css';

type Toggle = Exclude<keyof Settings, 'columns' | 'author' | 'date' | 'sizeLegend' | 'priceDisclaimer' | 'locale' | 'heroes'>;
const TOGGLES: Toggle[] = [
  'coverPage',
  'titlePage',
  'groupDividers',
  'groupPageBreaks',
  'sortNumber',
  'hideSpillover',
  'sectionBreaks',
  'manualHeroSelection',
  'printResolution',
  'cadOnly',
  'includeImages',
  'pageNumbers',
];
const FIELDS = ['author', 'date', 'sizeLegend', 'priceDisclaimer'] as const;
const subTypesOf = (t: string): string[] => (t === 'Tearsheet' ? ['With Hero Image', 'Thumbnails Only'] : ['Condensed', 'Expanded']);

/** Shows a document failure the spec's way: the export-error title, the server's message. */
function exportError(intl: ReturnType<typeof useIntl>, e: unknown) {
  const detail = e instanceof ApiError ? e.message : intl.formatMessage(m.unknownError);
  toast.error(
    <span>
      <strong>{intl.formatMessage(m.exportError)}</strong> {detail}
    </span>,
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The preview: a PNG of page 1-3 of the first rows, rendered again when the settings change. */
function Preview({ payload }: { payload: DocumentPayload }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ url?: string; error?: string; loading: boolean }>({ loading: true });
  const key = useDebounced(JSON.stringify(payload), 600);
  useEffect(() => {
    const ctl = new AbortController();
    let url: string | undefined;
    setState((s) => ({ ...s, loading: true }));
    documentsApi
      .preview(JSON.parse(key) as DocumentPayload, page, ctl.signal)
      .then((u) => {
        url = u;
        setState({ url: u, loading: false });
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        const notFound = e instanceof ApiError && e.status === 404;
        setState({ loading: false, error: notFound ? intl.formatMessage(m.noSuchPage) : e instanceof Error ? e.message : String(e) });
      });
    return () => {
      ctl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [key, page, intl]);
  return (
    <section className="doc-preview" aria-label={intl.formatMessage(m.preview)}>
      <div className="doc-preview__bar">
        <strong>
          <FormattedMessage {...m.preview} />
        </strong>
        <div className="doc-preview__pages" role="tablist">
          {[1, 2, 3].map((p) => (
            <button key={p} type="button" role="tab" aria-selected={p === page} className={`doc-chip${p === page ? ' is-active' : ''}`} onClick={() => setPage(p)}>
              <FormattedMessage {...m.pageN} values={{ n: p }} />
            </button>
          ))}
        </div>
        {state.loading && <Spinner size={16} />}
      </div>
      <div className="doc-preview__sheet" data-testid="document-preview">
        {state.error ? (
          <EmptyState icon="warning" title={<FormattedMessage {...m.previewFailed} />}>
            {state.error}
          </EmptyState>
        ) : state.url ? (
          <img src={state.url} alt={intl.formatMessage(m.pageN, { n: page })} className={state.loading ? 'is-stale' : ''} />
        ) : (
          <Spinner />
        )}
      </div>
    </section>
  );
}

/** Follows a download-queue job until it ends; the file then downloads. */
function useExportJob() {
  const intl = useIntl();
  const [job, setJob] = useState<(Job & { fileType: FileType | 'zip' }) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const follow = (id: string, fileType: FileType | 'zip') => {
    documentsApi
      .job(id)
      .then((j) => {
        setJob({ ...j, fileType });
        if (j.status === 'success' && j.url) {
          downloadUrl(j.url, j.filename);
          toast.success(intl.formatMessage(fileType === 'zip' ? m.packaged : m.exported));
          timer.current = setTimeout(() => setJob(null), 3000);
        } else if (j.status === 'success') {
          // A mailed package: its link went out by e-mail.
          toast.success(intl.formatMessage(m.packageMailed));
          timer.current = setTimeout(() => setJob(null), 3000);
        } else if (j.status === 'cancelled') {
          toast.info(j.message || intl.formatMessage(fileType === 'zip' ? m.packageCancelled : m.cancelled));
          timer.current = setTimeout(() => setJob(null), 2000);
        } else if (j.status === 'failed') {
          exportError(intl, new ApiError(500, { message: j.message }));
          timer.current = setTimeout(() => setJob(null), 4000);
        } else {
          timer.current = setTimeout(() => follow(id, fileType), 700);
        }
      })
      .catch((e: unknown) => exportError(intl, e));
  };
  const start = async (fileType: FileType, p: DocumentPayload) => {
    try {
      const { jobId } = await documentsApi.queue(fileType, p);
      setJob({ id: jobId, status: 'pending', progress: 0, fileType });
      follow(jobId, fileType);
    } catch (e) {
      exportError(intl, e);
    }
  };
  const startPackage = async (variant: PackageVariant, p: DocumentPayload, mail: boolean, images: ImageChoice) => {
    try {
      const { jobId } = variant === 'assortment' ? await documentsApi.zipImages(p.assortment, images.small, images.heroOnly) : (await documentsApi.queuePackage(variant, p, mail)).data;
      setJob({ id: jobId, status: 'pending', progress: 0, fileType: 'zip' });
      follow(jobId, 'zip');
    } catch (e) {
      exportError(intl, e);
    }
  };
  const cancel = () => {
    if (job) void documentsApi.cancel(job.id).catch(() => undefined);
  };
  return { job, start, startPackage, cancel };
}

interface MailForm {
  fileType: FileType;
  recipients: string;
  bcc: string;
  subject: string;
  body: string;
  frequency: string;
}

/** Recipients, bcc, subject and message of a mail form. */
function MailFields({ f, set }: { f: MailForm; set: (k: keyof MailForm) => (e: { target: { value: string } }) => void }) {
  return (
    <>
      <label className="its-field">
        <span className="its-field__label">
          <FormattedMessage {...m.recipients} />
        </span>
        <input className="its-input" name="recipients" value={f.recipients} onChange={set('recipients')} placeholder="buyer@example.com, …" />
      </label>
      <label className="its-field">
        <span className="its-field__label">
          <FormattedMessage {...m.bcc} />
        </span>
        <input className="its-input" name="bcc" value={f.bcc} onChange={set('bcc')} />
      </label>
      <label className="its-field">
        <span className="its-field__label">
          <FormattedMessage {...m.subject} />
        </span>
        <input className="its-input" name="subject" value={f.subject} onChange={set('subject')} />
      </label>
      <label className="its-field">
        <span className="its-field__label">
          <FormattedMessage {...m.message} />
        </span>
        <textarea className="its-input doc-textarea" name="body" value={f.body} onChange={set('body')} rows={3} />
      </label>
    </>
  );
}

/** The share and schedule dialogs: recipients, bcc, subject, message (and the frequency). */
function MailDialog({ mode, initial, onClose, onSubmit }: { mode: 'share' | 'schedule'; initial: MailForm; onClose: () => void; onSubmit: (f: MailForm) => Promise<void> }) {
  const intl = useIntl();
  const [f, setF] = useState(initial);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof MailForm) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(f);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={intl.formatMessage(mode === 'share' ? m.shareTitle : m.scheduleTitle)}
      onClose={onClose}
      testId={`document-${mode}-dialog`}
      width={520}
      actions={
        <>
          <button type="button" className="its-btn its-btn--ghost" onClick={onClose}>
            <FormattedMessage {...m.cancel} />
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={busy || addresses(f.recipients).length === 0} onClick={() => void submit()}>
            {busy && <Spinner size={14} />}
            <FormattedMessage {...(mode === 'share' ? m.send : m.schedule)} />
          </button>
        </>
      }
    >
      <div className="doc-form">
        <label className="its-field">
          <span className="its-field__label">
            <FormattedMessage {...m.fileType} />
          </span>
          <select className="its-input" value={f.fileType} onChange={set('fileType')} name="fileType">
            <option value="pdf">PDF</option>
            <option value="xlsx">Excel</option>
          </select>
        </label>
        {mode === 'schedule' && (
          <label className="its-field">
            <span className="its-field__label">
              <FormattedMessage {...m.frequency} />
            </span>
            <select className="its-input" value={f.frequency} onChange={set('frequency')} name="frequency">
              {enums.documents.frequencies.map((q) => (
                <option key={q} value={q}>
                  {intl.formatMessage(labelOf(q))}
                </option>
              ))}
            </select>
          </label>
        )}
        <MailFields f={f} set={set} />
      </div>
    </Dialog>
  );
}

/** The zip of images alone: small or print size, hero images only or every colour. */
interface ImageChoice {
  small: boolean;
  heroOnly: boolean;
}

/** The package dialog: what the zip of hero images holds, then download it or mail its link. */
function PackageDialog({
  canMail,
  onClose,
  onStart,
}: {
  canMail: boolean;
  onClose: () => void;
  onStart: (v: PackageVariant, mail: MailForm | null, images: ImageChoice) => Promise<void>;
}) {
  const intl = useIntl();
  const [variant, setVariant] = useState<PackageVariant>('document');
  const [images, setImages] = useState<ImageChoice>({ small: true, heroOnly: true });
  const [mail, setMail] = useState(false);
  const [f, setF] = useState<MailForm>({ fileType: 'pdf', recipients: '', bcc: '', subject: '', body: '', frequency: '' });
  const [busy, setBusy] = useState(false);
  const set = (k: keyof MailForm) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const mailable = canMail && variant !== 'assortment';
  const sending = mailable && mail;
  const submit = async () => {
    setBusy(true);
    try {
      await onStart(variant, sending ? f : null, images);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={intl.formatMessage(m.packageTitle)}
      onClose={onClose}
      testId="document-package-dialog"
      width={520}
      actions={
        <>
          <button type="button" className="its-btn its-btn--ghost" onClick={onClose}>
            <FormattedMessage {...m.cancel} />
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={busy || (sending && addresses(f.recipients).length === 0)} onClick={() => void submit()}>
            {busy && <Spinner size={14} />}
            <FormattedMessage {...(sending ? m.send : m.download)} />
          </button>
        </>
      }
    >
      <div className="doc-form">
        <p className="doc-muted">
          <FormattedMessage {...m.packageHelp} />
        </p>
        <div role="radiogroup" aria-label={intl.formatMessage(m.packageContents)} className="doc-radios">
          {PACKAGE_VARIANTS.map((v) => (
            <label key={v} className="doc-check">
              <input type="radio" name="package" value={v} checked={variant === v} onChange={() => setVariant(v)} />
              {intl.formatMessage(packageLabels[v])}
            </label>
          ))}
        </div>
        {variant === 'assortment' && (
          <>
            <label className="doc-check">
              <input type="checkbox" name="small" checked={images.small} onChange={(e) => setImages({ ...images, small: e.target.checked })} />
              <FormattedMessage {...m.packageSmall} />
            </label>
            <label className="doc-check">
              <input type="checkbox" name="heroOnly" checked={images.heroOnly} onChange={(e) => setImages({ ...images, heroOnly: e.target.checked })} />
              <FormattedMessage {...m.packageHeroOnly} />
            </label>
          </>
        )}
        {mailable && (
          <label className="doc-check">
            <input type="checkbox" name="mail" checked={mail} onChange={(e) => setMail(e.target.checked)} />
            <FormattedMessage {...m.packageMail} />
          </label>
        )}
        {sending && <MailFields f={f} set={set} />}
      </div>
    </Dialog>
  );
}

/** The saved documents of this assortment, their schedules and links. */
function SavedList({ assortmentId, canEdit, onOpen }: { assortmentId: string; canEdit: boolean; onOpen: (d: SavedDocument) => void }) {
  const intl = useIntl();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['documents', assortmentId], queryFn: () => documentsApi.list(assortmentId) });
  const [open, setOpen] = useState<string | null>(null);
  const detail = useQuery({ queryKey: ['document', open], queryFn: () => documentsApi.get(open ?? ''), enabled: !!open });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['documents', assortmentId] });
    void qc.invalidateQueries({ queryKey: ['document'] });
  };
  if (!list.data?.length) return null;
  return (
    <section className="doc-saved" data-testid="saved-documents">
      <h3>
        <FormattedMessage {...m.savedDocuments} />
      </h3>
      <ul>
        {list.data.map((d) => (
          <li key={d._id} className="doc-saved__item">
            <div className="doc-saved__row">
              <button type="button" className="its-btn its-btn--link" onClick={() => onOpen(d)}>
                {d.displayName}
              </button>
              <span className="doc-muted">
                {intl.formatMessage(labelOf(d.documentType.type))} · {intl.formatMessage(labelOf(d.documentType.subType))} · {d.fileType.toUpperCase()}
              </span>
              {d.frequency && (
                <span className="doc-badge" data-testid="schedule-badge">
                  <Icon name="clock" size={14} /> {intl.formatMessage(labelOf(d.frequency))}
                  {d.nextRunDate && <> · {intl.formatDate(d.nextRunDate, { dateStyle: 'medium', timeStyle: 'short' })}</>}
                </span>
              )}
              <span className="doc-grow" />
              <button type="button" className="its-btn its-btn--ghost" onClick={() => setOpen(open === d._id ? null : d._id)}>
                <FormattedMessage {...m.links} />
              </button>
              {canEdit && (
                <button
                  type="button"
                  className="its-btn its-btn--ghost doc-danger"
                  onClick={() =>
                    void documentsApi
                      .remove(d._id)
                      .then((r) => {
                        toast.success(r.message ?? '');
                        refresh();
                      })
                      .catch((e: unknown) => exportError(intl, e))
                  }
                >
                  <FormattedMessage {...m.remove} />
                </button>
              )}
            </div>
            {open === d._id && (
              <ul className="doc-files">
                {(detail.data?.files ?? []).length === 0 && (
                  <li className="doc-muted">
                    <FormattedMessage {...m.noLinks} />
                  </li>
                )}
                {(detail.data?.files ?? []).map((f) => (
                  <li key={f._id} data-testid="document-file">
                    <span className="doc-badge">{intl.formatMessage(labelOf(f.kind))}</span> {f.filename} · {f.recipients.join(', ')} ·{' '}
                    {f.revokedDate ? (
                      <FormattedMessage {...m.revoked} />
                    ) : (
                      <FormattedMessage {...m.expires} values={{ date: intl.formatDate(f.expiresDate, { dateStyle: 'medium' }) }} />
                    )}
                    {canEdit && f.kind === 'shared' && !f.revokedDate && (
                      <button
                        type="button"
                        className="its-btn its-btn--link"
                        onClick={() =>
                          void documentsApi
                            .revoke(f._id)
                            .then((r) => {
                              toast.success(r.message ?? '');
                              refresh();
                            })
                            .catch((e: unknown) => exportError(intl, e))
                        }
                      >
                        <FormattedMessage {...m.revoke} />
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExportPage() {
  const intl = useIntl();
  const qc = useQueryClient();
  const { assortment_id: id = '' } = useParams();
  const head = useQuery({ queryKey: ['documents-assortment', id], queryFn: () => documentsApi.assortment(id) });
  const checks = useMemo(() => [authzCheck(actions.documentsEdit), authzCheck(actions.documentsMailPackage), authzCheck(actions.documentsManageTemplates)], []);
  const decisions = useDecisions(checks);
  const canEdit = decisions.allowed[0] === true;
  const canMailPackage = decisions.allowed[1] === true;
  const canManageTemplates = decisions.allowed[2] === true;
  const [type, setType] = useState('Linesheet');
  const [subType, setSubType] = useState('Condensed');
  const [filename, setFilename] = useState('');
  const [settings, setSettings] = useState<Settings>(defaultSettings);
  const [docId, setDocId] = useState<string | undefined>();
  const [dialog, setDialog] = useState<'share' | 'schedule' | 'package' | null>(null);
  const { job, start, startPackage, cancel } = useExportJob();
  usePageTitle(head.data?.title);

  const pop = head.data?.productType === 'POP';
  const columnSet: readonly string[] = pop ? enums.documents.popColumns : enums.documents.columns;
  const payload: DocumentPayload = useMemo(
    () => ({ _id: docId, documentType: { type, subType }, assortment: id, settings, filename: filename || undefined }),
    [docId, type, subType, id, settings, filename],
  );
  const setToggle = (k: Toggle) => setSettings((s) => ({ ...s, [k]: !s[k] }));
  const toggleColumn = (c: string) =>
    setSettings((s) => ({ ...s, columns: s.columns.includes(c) ? s.columns.filter((x) => x !== c) : [...s.columns, c] }));
  const openSaved = (d: SavedDocument) => {
    setDocId(d._id);
    setType(d.documentType.type);
    setSubType(d.documentType.subType);
    setFilename(d.filename);
    setSettings({ ...defaultSettings(), ...d.settings, columns: d.settings.columns ?? [] });
  };
  // A template fills the form on any assortment: its columns outside this assortment's set are dropped.
  const applyTemplate = (t: DocumentTemplate) => {
    setType(t.options.documentType.type);
    setSubType(t.options.documentType.subType);
    setSettings({ ...defaultSettings(), ...t.options.settings, columns: (t.options.settings.columns ?? []).filter((c) => columnSet.includes(c)), heroes: undefined });
    toast.success(intl.formatMessage(tm.applied, { name: t.name }));
  };
  const templateOptions = (): TemplateOptions => ({ documentType: { type, subType }, productType: pop ? 'POP' : undefined, settings: { ...settings, heroes: undefined } });
  const saved = useQuery({ queryKey: ['documents', id], queryFn: () => documentsApi.list(id) });
  const current = saved.data?.find((d) => d._id === docId);
  // Styles with a choice of hero: more than one colour in the assortment.
  const heroChoices = useMemo(() => {
    const by = new Map<string, string[]>();
    for (const p of head.data?.products ?? []) by.set(p.style, [...(by.get(p.style) ?? []), p.color]);
    return [...by].filter(([, colors]) => colors.length > 1);
  }, [head.data]);

  if (head.isError) {
    return (
      <EmptyState icon="warning" title={<FormattedMessage {...m.notFound} />}>
        <Link to="/product/assortments">
          <FormattedMessage {...m.back} />
        </Link>
      </EmptyState>
    );
  }
  const afterSave = (r: { message?: string; data: SavedDocument }) => {
    setDocId(r.data._id);
    toast.success(r.message ?? '');
    void qc.invalidateQueries({ queryKey: ['documents', id] });
    setDialog(null);
  };
  return (
    <div className="doc-page" data-testid="document-export-page">
      <header className="doc-head">
        <div>
          <div className="doc-head__eyebrow">
            <Link to={`/product/assortments/assortment/${id}/manage`}>
              {head.data?.title ?? '…'}
            </Link>
          </div>
          <h1 className="doc-head__title">
            <FormattedMessage {...m.title} />
          </h1>
        </div>
        <div className="doc-head__actions">
          {job && (
            <div className="doc-job" data-testid="document-job" aria-live="polite">
              <span>
                {job.fileType.toUpperCase()} · {job.status === 'success' ? <FormattedMessage {...m.done} /> : `${job.progress}%`}
              </span>
              <progress max={100} value={job.progress} />
              {(job.status === 'pending' || job.status === 'started') && (
                <button type="button" className="its-btn its-btn--ghost" onClick={cancel}>
                  <FormattedMessage {...m.cancel} />
                </button>
              )}
            </div>
          )}
          <TemplatesMenu canEdit={canEdit} canManageShared={canManageTemplates} current={templateOptions} onApply={applyTemplate} />
          {canEdit && (
            <>
              <button
                type="button"
                className="its-btn its-btn--secondary"
                onClick={() => void documentsApi.save({ ...payload, fileType: current?.fileType, frequency: current?.frequency, recipients: current?.recipients, bccRecipients: current?.bccRecipients }).then(afterSave).catch((e: unknown) => exportError(intl, e))}
              >
                <FormattedMessage {...m.save} />
              </button>
              <button type="button" className="its-btn its-btn--secondary" onClick={() => setDialog('share')} data-testid="document-share">
                <Icon name="mail" size={16} /> <FormattedMessage {...m.share} />
              </button>
              <button type="button" className="its-btn its-btn--secondary" onClick={() => setDialog('schedule')} data-testid="document-schedule">
                <Icon name="clock" size={16} /> <FormattedMessage {...m.schedule} />
              </button>
            </>
          )}
          <button type="button" className="its-btn its-btn--secondary" disabled={!!job && job.status !== 'success'} onClick={() => setDialog('package')} data-testid="export-zip">
            <Icon name="download" size={16} /> Zip
          </button>
          <button type="button" className="its-btn its-btn--secondary" disabled={!!job && job.status !== 'success'} onClick={() => void start('xlsx', payload)} data-testid="export-xlsx">
            <Icon name="download" size={16} /> Excel
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={!!job && job.status !== 'success'} onClick={() => void start('pdf', payload)} data-testid="export-pdf">
            <Icon name="download" size={16} /> PDF
          </button>
        </div>
      </header>
      <div className="doc-body">
        <aside className="doc-settings" aria-label={intl.formatMessage(m.settings)}>
          <fieldset>
            <legend>
              <FormattedMessage {...m.documentType} />
            </legend>
            <div className="doc-chips">
              {enums.documents.docTypes.map((t) => (
                <button
                  key={t}
                  type="button"
                  className={`doc-chip${t === type ? ' is-active' : ''}`}
                  aria-pressed={t === type}
                  onClick={() => {
                    setType(t);
                    setSubType(subTypesOf(t)[0] ?? '');
                  }}
                >
                  {intl.formatMessage(labelOf(t))}
                </button>
              ))}
            </div>
            <div className="doc-chips">
              {subTypesOf(type).map((s) => (
                <button key={s} type="button" className={`doc-chip${s === subType ? ' is-active' : ''}`} aria-pressed={s === subType} onClick={() => setSubType(s)}>
                  {intl.formatMessage(labelOf(s))}
                </button>
              ))}
            </div>
            <label className="its-field">
              <span className="its-field__label">
                <FormattedMessage {...m.filename} />
              </span>
              <input className="its-input" name="filename" value={filename} placeholder={head.data?.title} onChange={(e) => setFilename(e.target.value)} />
            </label>
          </fieldset>
          <fieldset>
            <legend>
              <FormattedMessage {...m.columns} />
            </legend>
            <div className="doc-checks">
              {columnSet.filter((c) => c !== 'cadOnly').map((c) => (
                <label key={c} className="doc-check">
                  <input type="checkbox" name={`column-${c}`} checked={settings.columns.includes(c)} onChange={() => toggleColumn(c)} />
                  {intl.formatMessage(labelOf(c))}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend>
              <FormattedMessage {...m.options} />
            </legend>
            <div className="doc-checks">
              {TOGGLES.map((k) => (
                <label key={k} className="doc-check">
                  <input type="checkbox" name={k} checked={settings[k]} onChange={() => setToggle(k)} />
                  {intl.formatMessage(labelOf(k))}
                </label>
              ))}
            </div>
          </fieldset>
          {settings.manualHeroSelection && heroChoices.length > 0 && (
            <fieldset data-testid="hero-choices">
              <legend>
                <FormattedMessage {...m.heroes} />
              </legend>
              {heroChoices.map(([style, colors]) => (
                <label key={style} className="its-field">
                  <span className="its-field__label">{style}</span>
                  <select
                    className="its-input"
                    name={`hero-${style}`}
                    value={settings.heroes?.[style] ?? ''}
                    onChange={(e) => setSettings((s) => ({ ...s, heroes: { ...s.heroes, [style]: e.target.value } }))}
                  >
                    <option value="">{intl.formatMessage(m.firstColour)}</option>
                    {colors.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </fieldset>
          )}
          <fieldset>
            <legend>
              <FormattedMessage {...m.details} />
            </legend>
            {FIELDS.map((k) => (
              <label key={k} className="its-field">
                <span className="its-field__label">{intl.formatMessage(labelOf(k))}</span>
                <input className="its-input" name={k} value={settings[k]} onChange={(e) => setSettings((s) => ({ ...s, [k]: e.target.value }))} />
              </label>
            ))}
            <label className="its-field">
              <span className="its-field__label">
                <FormattedMessage {...m.language} />
              </span>
              <select className="its-input" name="locale" value={settings.locale ?? ''} onChange={(e) => setSettings((s) => ({ ...s, locale: e.target.value || undefined }))}>
                <option value="">{intl.formatMessage(m.myLanguage)}</option>
                {LOCALES.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
        </aside>
        <div className="doc-main">
          <Preview payload={payload} />
          <SavedList assortmentId={id} canEdit={canEdit} onOpen={openSaved} />
        </div>
      </div>
      {dialog === 'package' && (
        <PackageDialog
          canMail={canMailPackage}
          onClose={() => setDialog(null)}
          onStart={async (variant, f, images) => {
            const p = f ? { ...payload, recipients: addresses(f.recipients), bccRecipients: addresses(f.bcc), subject: f.subject, body: f.body } : payload;
            await startPackage(variant, p, !!f, images);
            setDialog(null);
          }}
        />
      )}
      {(dialog === 'share' || dialog === 'schedule') && (
        <MailDialog
          mode={dialog}
          initial={{
            fileType: current?.fileType ?? 'pdf',
            recipients: (current?.recipients ?? []).join(', '),
            bcc: (current?.bccRecipients ?? []).join(', '),
            subject: current?.subject ?? '',
            body: current?.body ?? '',
            frequency: current?.frequency || 'daily',
          }}
          onClose={() => setDialog(null)}
          onSubmit={async (f) => {
            const mail = { ...payload, recipients: addresses(f.recipients), bccRecipients: addresses(f.bcc), subject: f.subject, body: f.body };
            try {
              if (dialog === 'share') {
                const r = await documentsApi.share(f.fileType, mail);
                toast.success(r.message ?? '');
                void qc.invalidateQueries({ queryKey: ['documents', id] });
                setDialog(null);
              } else {
                afterSave(await documentsApi.save({ ...mail, fileType: f.fileType, frequency: f.frequency }));
              }
            } catch (e) {
              exportError(intl, e);
            }
          }}
        />
      )}
    </div>
  );
}

export default withModuleMessages(ExportPage, loadMessages);
