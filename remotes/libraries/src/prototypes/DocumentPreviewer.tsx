/** /prototypes/previewer: the first pages of a document (line, price or tear sheet) of one of the user's assortments. */
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { ApiError, EmptyState, Spinner, enums } from '@its/kit';
import { assortmentChoices, previewPage } from './api';
import { t } from './texts';

type DocType = (typeof enums.documents.docTypes)[number];

/** The layouts a document type offers, first the one it starts with. */
export const layoutsOf = (type: DocType): Array<keyof typeof t> => (type === 'Tearsheet' ? ['With Hero Image', 'Thumbnails Only'] : ['Condensed', 'Expanded']);

const PAGES = [1, 2, 3];

function Chips<T extends string>({ legend, values, value, onChange, labelOf, testId }: { legend: string; values: readonly T[]; value: T; onChange: (v: T) => void; labelOf: (v: T) => string; testId: string }) {
  return (
    <fieldset className="proto-chips" data-testid={testId}>
      <legend className="its-field__label">{legend}</legend>
      {values.map((v) => (
        <button key={v} type="button" className={`its-btn lib-btn-sm ${v === value ? 'its-btn--primary' : 'its-btn--secondary'}`} aria-pressed={v === value} onClick={() => onChange(v)}>
          {labelOf(v)}
        </button>
      ))}
    </fieldset>
  );
}

export function DocumentPreviewerPlayground() {
  const intl = useIntl();
  const selectId = useId();
  const list = useQuery({ queryKey: ['prototypes', 'assortments'], queryFn: ({ signal }) => assortmentChoices(signal) });
  const [picked, setPicked] = useState('');
  const [type, setType] = useState<DocType>('Linesheet');
  const [layout, setLayout] = useState(layoutsOf('Linesheet')[0] as string);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ url?: string; error?: string; loading: boolean }>({ loading: true });
  const docLabel = (v: string) => intl.formatMessage(t[v as keyof typeof t]);
  const assortment = picked || list.data?.[0]?._id || '';

  useEffect(() => {
    if (!assortment) return;
    const ctl = new AbortController();
    let url: string | undefined;
    setState((s) => ({ ...s, loading: true }));
    previewPage({ assortment, type, subType: layout, page }, ctl.signal).then(
      (u) => {
        url = u;
        setState({ url: u, loading: false });
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        const missing = e instanceof ApiError && e.status === 404;
        setState({ loading: false, error: missing ? intl.formatMessage(t.noPage) : e instanceof Error ? e.message : String(e) });
      },
    );
    return () => {
      ctl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [assortment, type, layout, page, intl]);

  if (list.isPending) return <Spinner />;
  if (list.isError) return <EmptyState icon="warning" title={intl.formatMessage(t.loadFailed)} />;
  if (!list.data.length) return <EmptyState icon="document" title={intl.formatMessage(t.noAssortments)} />;
  return (
    <div className="proto-preview">
      <aside className="proto-preview__settings">
        <label className="proto-field" htmlFor={selectId}>
          <span className="its-field__label">{intl.formatMessage(t.assortment)}</span>
          <select id={selectId} className="its-input" value={assortment} onChange={(e) => (setPicked(e.target.value), setPage(1))} data-testid="preview-assortment">
            {list.data.map((a) => (
              <option key={a._id} value={a._id}>
                {a.subTitle ? `${a.title} — ${a.subTitle}` : a.title}
              </option>
            ))}
          </select>
        </label>
        <Chips
          legend={intl.formatMessage(t.documentType)}
          values={enums.documents.docTypes}
          value={type}
          onChange={(v) => {
            setType(v);
            setLayout(layoutsOf(v)[0] as string);
            setPage(1);
          }}
          labelOf={docLabel}
          testId="preview-type"
        />
        <Chips legend={intl.formatMessage(t.layout)} values={layoutsOf(type) as string[]} value={layout} onChange={(v) => (setLayout(v), setPage(1))} labelOf={docLabel} testId="preview-layout" />
        <Chips
          legend={intl.formatMessage(t.pages)}
          values={PAGES.map(String)}
          value={String(page)}
          onChange={(v) => setPage(Number(v))}
          labelOf={(v) => intl.formatMessage(t.pageN, { n: Number(v) })}
          testId="preview-pages"
        />
      </aside>
      <section className="proto-preview__sheet" aria-label={intl.formatMessage(t.pageN, { n: page })} aria-busy={state.loading} data-testid="preview-sheet">
        {state.error ? (
          <EmptyState icon="warning" title={intl.formatMessage(t.previewFailed)}>
            {state.error}
          </EmptyState>
        ) : state.url ? (
          <img src={state.url} alt={intl.formatMessage(t.pageN, { n: page })} className={state.loading ? 'is-stale' : ''} data-testid="preview-image" />
        ) : (
          <Spinner />
        )}
      </section>
    </div>
  );
}
