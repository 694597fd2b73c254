/**
 * The footer row of a grid: under each data column, one figure of the whole filtered set (count,
 * empty, filled, unique; sum, average, min, max of numbers) computed by the server's summary
 * call, chosen per column from a small menu. It follows the grid's columns (order, widths,
 * pinning, horizontal scroll) and asks again when the filters change; a newer request cancels
 * the older one.
 */
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Column } from 'ag-grid-community';
import { api } from '@its/kit';
import type { GridController } from '../controller';
import { figureMessages } from './RangeSummaryBar';
import { figureValue, firstFigure, figuresFor, isNumberType, summaryBody, type Figure, type GridSummary } from './footer';

const footerMessages = defineMessages({
  region: { id: 'grid.footer.region', defaultMessage: 'Column summaries of every filtered row' },
  pick: { id: 'grid.footer.pick', defaultMessage: 'Summary of {column}' },
  failed: { id: 'grid.footer.failed', defaultMessage: 'Summaries could not be computed' },
});
const msg: Record<keyof typeof footerMessages, MessageDescriptor> = footerMessages;

/** A figure's short name, shown in a column too narrow for the whole one (which is its title). */
const shortMessages = defineMessages({
  count: { id: 'grid.footer.short.count', defaultMessage: 'Cnt' },
  empty: { id: 'grid.footer.short.empty', defaultMessage: 'Empty' },
  filled: { id: 'grid.footer.short.filled', defaultMessage: 'Filled' },
  unique: { id: 'grid.footer.short.unique', defaultMessage: 'Uniq.' },
  sum: { id: 'grid.footer.short.sum', defaultMessage: 'Sum' },
  avg: { id: 'grid.footer.short.avg', defaultMessage: 'Avg' },
  min: { id: 'grid.footer.short.min', defaultMessage: 'Min' },
  max: { id: 'grid.footer.short.max', defaultMessage: 'Max' },
});
const shortName: Record<Figure, MessageDescriptor> = shortMessages;

/** Below this width (px) a column's footer names its figure by the short name. */
export const NARROW_FOOTER_PX = 110;

const EVENTS = ['displayedColumnsChanged', 'columnResized', 'columnMoved', 'columnVisible', 'columnPinned', 'virtualColumnsChanged'] as const;

export interface GridFooterProps {
  ctrl: GridController;
  /** The summary call (relative to /api). */
  path: string;
  /** Changes when the rows may have changed (a new total): the figures are asked again. */
  version: unknown;
}

export function GridFooter({ ctrl, path, version }: GridFooterProps) {
  const intl = useIntl();
  const gridApi = ctrl.api;
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [scrollLeft, setScrollLeft] = useState(0);
  const [picked, setPicked] = useState<Record<string, Figure>>({});
  const scrollRef = useRef(0);

  useEffect(() => {
    if (!gridApi) return;
    const onScroll = (e: { direction: string; left: number }) => {
      if (e.direction === 'horizontal' && e.left !== scrollRef.current) {
        scrollRef.current = e.left;
        setScrollLeft(e.left);
      }
    };
    for (const ev of EVENTS) gridApi.addEventListener(ev, redraw);
    gridApi.addEventListener('bodyScroll', onScroll);
    redraw();
    return () => {
      if (gridApi.isDestroyed()) return;
      for (const ev of EVENTS) gridApi.removeEventListener(ev, redraw);
      gridApi.removeEventListener('bodyScroll', onScroll);
    };
  }, [gridApi]);

  const columns: Column[] = gridApi && !gridApi.isDestroyed() ? gridApi.getAllDisplayedColumns() : [];
  const exportBody = gridApi ? ctrl.exportRequest() : null;
  const exportFields = new Set(((exportBody?.columns as Array<{ field: string }> | undefined) ?? []).map((c) => c.field));
  const figures: Record<string, Figure> = {};
  for (const c of columns) {
    const id = c.getColId();
    const col = ctrl.column(id);
    if (col && exportFields.has(id)) figures[id] = picked[id] ?? firstFigure(col);
  }
  const body = exportBody ? summaryBody(exportBody, figures) : null;
  const bodyKey = JSON.stringify(body);
  const stableBody = useMemo(() => body, [bodyKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // The summary's count replaces an estimated total of the grid (ctrl.exactTotal): that new
  // total is no reason to ask again, so the query keeps the version it was asked with.
  const corrected = useRef<{ from: unknown; to: number } | null>(null);
  const asked = corrected.current && corrected.current.to === version ? corrected.current.from : version;
  const summary = useQuery({
    queryKey: ['gridSummary', path, bodyKey, asked],
    queryFn: ({ signal }) => api.post<GridSummary>(path, stableBody, { signal, silent: true, kind: `grid-summary:${path}` }),
    enabled: !!stableBody,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const totalCount = summary.data && !summary.isPlaceholderData ? summary.data.totalCount : null;
  useEffect(() => {
    if (totalCount === null || version === null || !ctrl.ui.get().totalEstimated) return;
    corrected.current = { from: asked, to: totalCount };
    ctrl.exactTotal(totalCount);
  }, [totalCount, version, asked, ctrl]);

  if (!columns.length) return null;
  const left = columns.filter((c) => c.getPinned() === 'left');
  const right = columns.filter((c) => c.getPinned() === 'right');
  const center = columns.filter((c) => !c.getPinned());
  const width = (list: Column[]) => list.reduce((n, c) => n + c.getActualWidth(), 0);

  const cell = (c: Column, x: number) => {
    const id = c.getColId();
    const col = ctrl.column(id);
    const style = { left: x, width: c.getActualWidth() };
    if (!col || !figures[id]) return <div key={id} className="its-grid-foot__cell" style={style} />;
    const f = figures[id];
    const value = figureValue(summary.data?.columns[id], f);
    const header = ctrl.header(col);
    const shown = value === null ? '' : intl.formatNumber(value, { maximumFractionDigits: 2 });
    const name = intl.formatMessage(figureMessages[f]);
    const narrow = c.getActualWidth() < NARROW_FOOTER_PX;
    const cls = `its-grid-foot__cell${isNumberType(col.type) ? ' its-grid-foot__cell--num' : ''}`;
    return (
      <div key={id} className={cls} style={style} data-field={id} data-figure={f} data-value={value ?? ''} title={shown ? `${header} · ${intl.formatMessage(figureMessages[f])}: ${shown}` : undefined}>
        {/* The figure's name as text (never cut: the short name in a narrow column, the whole
            one as its title); the menu lies over it, unseen, and opens on a click or the keyboard. */}
        <span className="its-grid-foot__label" title={name}>
          <span className="its-grid-foot__name" aria-hidden="true" data-short={narrow || undefined}>
            {narrow ? intl.formatMessage(shortName[f]) : name}
          </span>
          <select
            className="its-grid-foot__pick"
            aria-label={intl.formatMessage(msg.pick, { column: header })}
            value={f}
            onChange={(e) => setPicked((p) => ({ ...p, [id]: e.target.value as Figure }))}
          >
            {figuresFor(col.type).map((o) => (
              <option key={o} value={o}>
                {intl.formatMessage(figureMessages[o])}
              </option>
            ))}
          </select>
        </span>
        <output className="its-grid-foot__value">{value === null ? (summary.isFetching && !summary.data ? '…' : '') : shown}</output>
      </div>
    );
  };
  const place = (list: Column[]) => {
    let x = 0;
    return list.map((c) => {
      const el = cell(c, x);
      x += c.getActualWidth();
      return el;
    });
  };

  return (
    <div
      className="its-grid-foot"
      role="region"
      aria-label={intl.formatMessage(msg.region)}
      aria-busy={summary.isFetching}
      data-testid="grid-footer"
      data-state={summary.isError ? 'error' : summary.isFetching ? 'loading' : 'done'}
      title={summary.isError ? intl.formatMessage(msg.failed) : undefined}
    >
      {left.length > 0 && (
        <div className="its-grid-foot__pinned" style={{ width: width(left) }}>
          {place(left)}
        </div>
      )}
      <div className="its-grid-foot__center">
        <div className="its-grid-foot__track" style={{ width: width(center), transform: `translateX(${-scrollLeft}px)` }}>
          {place(center)}
        </div>
      </div>
      {right.length > 0 && (
        <div className="its-grid-foot__pinned" style={{ width: width(right) }}>
          {place(right)}
        </div>
      )}
    </div>
  );
}
