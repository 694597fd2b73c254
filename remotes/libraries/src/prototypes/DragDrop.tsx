/** /prototypes/dragdrop: catalog products put in order by dragging, or by the arrow buttons from the keyboard. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, Icon, Skeleton } from '@its/kit';
import { CATALOG_ORDER, sampleProducts, type SampleProduct } from './api';
import { moveItem } from './order';
import { t } from './texts';

/** How many products the playground orders. */
export const DRAG_PRODUCTS = 12;

export function DragDropPlayground() {
  const intl = useIntl();
  const q = useQuery({ queryKey: ['prototypes', 'dragdrop'], queryFn: ({ signal }) => sampleProducts({ limit: DRAG_PRODUCTS, sort: CATALOG_ORDER }, signal) });
  const [order, setOrder] = useState<SampleProduct[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const items = order ?? q.data?.rows ?? [];

  const move = (from: number, to: number) => {
    const next = moveItem(items, from, to);
    const item = items[from];
    if (!item) return;
    setOrder(next);
    setSaid(intl.formatMessage(t.moved, { name: item.name, position: next.indexOf(item) + 1, count: next.length }));
  };
  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };

  if (q.isPending) {
    return (
      <div className="proto-dnd" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={64} width="100%" />
        ))}
      </div>
    );
  }
  if (q.isError) return <EmptyState icon="warning" title={intl.formatMessage(t.loadFailed)} />;
  if (!items.length) return <EmptyState title={intl.formatMessage(t.noProducts)} />;
  return (
    <div className="proto-narrow">
      <div className="lib-toolbar">
        <span className="lib-toolbar__count">{intl.formatMessage(t.orderCount, { count: items.length })}</span>
        <button type="button" className="its-btn its-btn--secondary lib-btn-sm" disabled={!order} onClick={() => (setOrder(null), setSaid(''))} data-testid="dragdrop-reset">
          <Icon name="refresh" size={16} /> {intl.formatMessage(t.reset)}
        </button>
      </div>
      <ol className="proto-dnd" aria-label={intl.formatMessage(t.listLabel)} data-testid="dragdrop-list">
        {items.map((p, i) => (
          <li
            key={p.id}
            className={`proto-dnd__item${dragging === i ? ' is-dragging' : ''}${over === i && dragging !== i ? ' is-over' : ''}`}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(i));
              setDragging(i);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setOver(i);
            }}
            onDrop={(e) => {
              e.preventDefault();
              const from = dragging ?? Number(e.dataTransfer.getData('text/plain'));
              if (Number.isInteger(from)) move(from, i);
              endDrag();
            }}
            onDragEnd={endDrag}
            data-testid="dragdrop-item"
            data-product={p.id}
          >
            <span className="proto-dnd__grip" aria-hidden="true">⋮⋮</span>
            <span className="proto-dnd__pos">{i + 1}</span>
            <img className="proto-thumb" src={p.thumbnail} alt="" loading="lazy" />
            <span className="proto-dnd__text">
              <strong>{p.name}</strong>
              <span className="lib-muted">
                {p.style} · {p.color} — {p.colorDescription}
              </span>
            </span>
            <span className="proto-dnd__meta lib-muted">
              {p.division} · {p.gender}
            </span>
            <span className="proto-dnd__buttons">
              <button type="button" className="its-icon-btn" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={intl.formatMessage(t.moveUp, { name: p.name })}>
                <Icon name="chevronDown" size={16} className="lib-flip" />
              </button>
              <button type="button" className="its-icon-btn" disabled={i === items.length - 1} onClick={() => move(i, i + 1)} aria-label={intl.formatMessage(t.moveDown, { name: p.name })}>
                <Icon name="chevronDown" size={16} />
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="lib-sr" role="status" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
