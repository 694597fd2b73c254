/**
 * The product detail viewer (spec §2.6): an angle gallery and a sidebar of panels (availability,
 * info, marketing, notes, quantities, prices) for one style/colour. The side panel of the product
 * library and the assortment grid shows it narrow (`layout="panel"`); the showroom shows it full
 * screen (`layout="full"`). Notes and quantities are an assortment's own values of the product,
 * so they show only when the caller gives the assortment's row.
 */
import { useState, type ReactNode } from 'react';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, Skeleton } from '@its/kit';
import { fetchProduct, fieldName, formatDay, formatMoney, formatPercent, type Product, type ProductLocation, type Currency } from '../api';

/** The panels of the viewer's sidebar, in the order it offers them. */
export const VIEWER_PANELS = ['info', 'prices', 'availability', 'marketing', 'notes', 'quantities'] as const;
export type ViewerPanel = (typeof VIEWER_PANELS)[number];

/** An assortment's own values of the product (its row): notes, quantities and its prices. */
export interface ViewerRow {
  styleNote?: string | null;
  colorNote?: string | null;
  collectionStyleNote?: string | null;
  collectionColorNote?: string | null;
  quantity?: number | null;
  quantityOnHand?: number | null;
  styleQuantity?: number | null;
  styleQuantityOnHand?: number | null;
  sellThru?: number | null;
  styleSellThru?: number | null;
  cost?: number | null;
  netCost?: number | null;
  suggestedRetail?: number | null;
  initialMarkup?: number | null;
}

const panelNames: Record<ViewerPanel, MessageDescriptor> = defineMessages({
  info: { id: 'products.panel.info', defaultMessage: 'Info' },
  prices: { id: 'products.panel.prices', defaultMessage: 'Prices' },
  availability: { id: 'products.panel.availability', defaultMessage: 'Availability' },
  marketing: { id: 'products.panel.marketing', defaultMessage: 'Marketing' },
  notes: { id: 'products.panel.notes', defaultMessage: 'Notes' },
  quantities: { id: 'products.panel.quantities', defaultMessage: 'Quantities' },
});

const viewerTexts = defineMessages({
  angle: { id: 'products.viewer.angle', defaultMessage: 'Angle {n} of {count}' },
  angles: { id: 'products.viewer.angles', defaultMessage: 'Angles' },
  styleNote: { id: 'products.viewer.styleNote', defaultMessage: 'Style note' },
  colorNote: { id: 'products.viewer.colorNote', defaultMessage: 'Color note' },
  collectionStyleNote: { id: 'products.viewer.collectionStyleNote', defaultMessage: 'Collection style note' },
  collectionColorNote: { id: 'products.viewer.collectionColorNote', defaultMessage: 'Collection color note' },
  noNotes: { id: 'products.viewer.noNotes', defaultMessage: 'No notes on this product.' },
  styleQuantity: { id: 'products.viewer.styleQuantity', defaultMessage: 'Style quantity' },
  styleOnHand: { id: 'products.viewer.styleOnHand', defaultMessage: 'Style on hand' },
  styleSellThru: { id: 'products.viewer.styleSellThru', defaultMessage: 'Style sell-through' },
  assortmentPrices: { id: 'products.viewer.assortmentPrices', defaultMessage: 'In this assortment' },
  netCost: { id: 'products.viewer.netCost', defaultMessage: 'Net cost' },
  keyInitiative: { id: 'products.field.keyInitiative', defaultMessage: 'Key initiative' },
  vegan: { id: 'products.viewer.vegan', defaultMessage: 'Vegan' },
  noMarketing: { id: 'products.viewer.noMarketing', defaultMessage: 'No marketing copy for this product yet.' },
});
const texts: Record<keyof typeof viewerTexts, MessageDescriptor> = viewerTexts;

const ANGLES = ['side', 'medial', 'detail'] as const;
const IMAGE_URL = /^(.*\/api\/products\/images\/[^/?#]+\/)(thumbnail|image|print)\.png$/;

/** One picture of the angle gallery: the large image and its thumbnail. */
export interface AngleImage {
  angle: string;
  src: string;
  thumb: string;
}

/**
 * The angles of a product image: a catalog image (…/images/{id}/{kind}.png) has the server's
 * three angles, at `size`; any other picture (one uploaded for the assortment) is its only angle.
 */
export function productAngles(url: string | null | undefined, size: 'image' | 'print' = 'image'): AngleImage[] {
  if (!url) return [];
  const m = IMAGE_URL.exec(url);
  if (!m) return [{ angle: 'side', src: url, thumb: url }];
  const base = m[1]!;
  return ANGLES.map((a) => {
    const suffix = a === 'side' ? '' : `-${a}`;
    return { angle: a, src: `${base}${size}${suffix}.png`, thumb: `${base}thumbnail${suffix}.png` };
  });
}

function Facts({ rows, testId }: { rows: Array<[string, ReactNode]>; testId?: string }) {
  return (
    <dl className="pr-facts" data-testid={testId}>
      {rows.map(([k, v]) => (
        <div key={k} className="pr-facts__row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const present = (v: unknown) => !(v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0));

function Info({ p }: { p: Product }) {
  const intl = useIntl();
  const rows: Array<[string, string]> = [];
  const add = (field: string, v: unknown) => {
    if (present(v)) rows.push([fieldName(intl, field), Array.isArray(v) ? v.join(', ') : String(v)]);
  };
  const r = p as unknown as Record<string, unknown>;
  add('productType', p.productType);
  add('division', p.division);
  add('gender', p.gender);
  add('season', p.season && p.year ? `${p.season} ${p.year}` : p.season);
  add('channel', p.channel);
  add('region', p.region);
  add('pillar', r.pillar);
  add('lifeCycle', r.lifeCycle);
  add('sizeScale', r.sizeScale);
  add('outsole', r.outsole);
  add('upper', r.upper);
  add('materials', r.materials);
  add('dimensions', r.dimensions);
  add('usage', r.usage);
  add('seasonCodes', r.seasonCodes);
  add('boxCategory', r.boxCategory);
  add('dutyCode', r.dutyCode);
  add('availabilityDate', formatDay(r.availabilityDate));
  return <Facts rows={rows} testId="product-info" />;
}

function Marketing({ p }: { p: Product }) {
  const intl = useIntl();
  const r = p as unknown as Record<string, unknown>;
  const features = (p.features ?? []).filter(Boolean);
  const rows: Array<[string, string]> = [];
  if (present(r.keyInitiativeLabel)) rows.push([intl.formatMessage(texts.keyInitiative), String(r.keyInitiativeLabel)]);
  if (r.vegan === true) rows.push([intl.formatMessage(texts.vegan), '✓']);
  if (!p.description && features.length === 0 && rows.length === 0) return <EmptyState icon="info" title={intl.formatMessage(texts.noMarketing)} />;
  return (
    <div className="pr-marketing" data-testid="product-marketing">
      {p.description && <p className="pr-panel__desc">{p.description}</p>}
      {features.length > 0 && (
        <ul className="pr-features">
          {features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      {rows.length > 0 && <Facts rows={rows} />}
    </div>
  );
}

function Notes({ row }: { row: ViewerRow }) {
  const intl = useIntl();
  const rows = (['styleNote', 'colorNote', 'collectionStyleNote', 'collectionColorNote'] as const)
    .filter((k) => present(row[k]))
    .map((k): [string, string] => [intl.formatMessage(texts[k]), String(row[k])]);
  if (rows.length === 0) return <EmptyState icon="info" title={intl.formatMessage(texts.noNotes)} />;
  return <Facts rows={rows} testId="product-notes" />;
}

function Quantities({ row }: { row: ViewerRow }) {
  const intl = useIntl();
  const n = (v: number | null | undefined) => (present(v) ? intl.formatNumber(v as number) : '—');
  const pct = (v: number | null | undefined) => (present(v) ? formatPercent(intl, v) : '—');
  return (
    <Facts
      testId="product-quantities"
      rows={[
        [fieldName(intl, 'quantity'), n(row.quantity)],
        [fieldName(intl, 'quantityOnHand'), n(row.quantityOnHand)],
        [fieldName(intl, 'sellThru'), pct(row.sellThru)],
        [intl.formatMessage(texts.styleQuantity), n(row.styleQuantity)],
        [intl.formatMessage(texts.styleOnHand), n(row.styleQuantityOnHand)],
        [intl.formatMessage(texts.styleSellThru), pct(row.styleSellThru)],
      ]}
    />
  );
}

function Prices({ locations, row, currency }: { locations: ProductLocation[]; row?: ViewerRow | null; currency: Currency }) {
  const intl = useIntl();
  const own = row ? (['cost', 'netCost', 'suggestedRetail'] as const).filter((k) => present(row[k])) : [];
  return (
    <>
      {row && own.length > 0 && (
        <div className="pr-own" data-testid="product-assortment-prices">
          <h4>{intl.formatMessage(texts.assortmentPrices)}</h4>
          <Facts
            rows={[
              ...own.map((k): [string, string] => [k === 'netCost' ? intl.formatMessage(texts.netCost) : fieldName(intl, k), formatMoney(intl, row[k], currency)]),
              ...(present(row.initialMarkup) ? [[fieldName(intl, 'initialMarkup'), formatPercent(intl, row.initialMarkup)] as [string, string]] : []),
            ]}
          />
        </div>
      )}
      {locations.length === 0 ? (
        <EmptyState icon="price" title={<FormattedMessage id="products.panel.noPrices" defaultMessage="This product has no price in your locations." />} />
      ) : (
        <table className="pr-table" data-testid="product-prices">
          <thead>
            <tr>
              <th>
                <FormattedMessage id="products.panel.location" defaultMessage="Location" />
              </th>
              <th className="num">{fieldName(intl, 'wholesalePrice')}</th>
              <th className="num">{fieldName(intl, 'suggestedRetail')}</th>
              <th className="num">{fieldName(intl, 'markupPercent')}</th>
            </tr>
          </thead>
          <tbody>
            {locations.map((l) => {
              const cur = { symbol: l.currencySymbol, decimals: l.decimalPlaces };
              return (
                <tr key={l.code} data-testid="product-price-row" data-location={l.code}>
                  <td>
                    <strong>{l.code}</strong>{' '}
                    <span className={`pr-status pr-status--${l.lineStatus || 'none'}`} title={`${fieldName(intl, 'lineStatus')}: ${l.lineStatus || '—'}`}>
                      {l.lineStatus || '—'}
                    </span>
                  </td>
                  <td className="num">{formatMoney(intl, l.wholesalePrice, cur)}</td>
                  <td className="num">{formatMoney(intl, l.suggestedRetail, cur)}</td>
                  <td className="num">{formatPercent(intl, l.markupPercent)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}

function AvailabilityTable({ locations }: { locations: ProductLocation[] }) {
  const intl = useIntl();
  const [code, setCode] = useState(locations[0]?.code ?? '');
  const loc = locations.find((l) => l.code === code) ?? locations[0];
  if (!loc) return <EmptyState icon="box" title={<FormattedMessage id="products.panel.noAvailability" defaultMessage="No availability in your locations." />} />;
  const sizes = loc.availability ?? [];
  const max = Math.max(1, ...sizes.map((s) => s.inventory));
  return (
    <div className="pr-avail" data-testid="product-availability">
      <div className="pr-avail__head">
        {locations.length > 1 ? (
          <select className="pr-avail__select" value={loc.code} onChange={(e) => setCode(e.target.value)} aria-label={intl.formatMessage({ id: 'products.panel.location', defaultMessage: 'Location' })}>
            {locations.map((l) => (
              <option key={l.code} value={l.code}>
                {l.code}
              </option>
            ))}
          </select>
        ) : (
          <strong>
            {loc.code}{' '}
            <span className={`pr-status pr-status--${loc.lineStatus || 'none'}`} title={fieldName(intl, 'lineStatus')}>
              {loc.lineStatus || '—'}
            </span>
          </strong>
        )}
        <span>
          <FormattedMessage id="products.panel.totalInventory" defaultMessage="{n, number} in stock" values={{ n: loc.totalInventory }} />
        </span>
      </div>
      <table className="pr-table">
        <thead>
          <tr>
            <th>
              <FormattedMessage id="products.panel.size" defaultMessage="Size" />
            </th>
            <th className="num">{fieldName(intl, 'totalInventory')}</th>
            <th>
              <FormattedMessage id="products.panel.availableOn" defaultMessage="Available" />
            </th>
          </tr>
        </thead>
        <tbody>
          {sizes.map((s) => (
            <tr key={s.size}>
              <td>
                <strong>{s.size}</strong>
              </td>
              <td className="num">
                <span className="pr-bar" style={{ width: `${Math.round((s.inventory / max) * 56)}px` }} aria-hidden />
                {intl.formatNumber(s.inventory)}
              </td>
              <td>{formatDay(s.date)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The angle gallery: the picture of the chosen angle and a strip to choose another. */
export function AngleGallery({ image, alt, size }: { image: string | null | undefined; alt: string; size: 'image' | 'print' }) {
  const intl = useIntl();
  const angles = productAngles(image, size);
  const [at, setAt] = useState(0);
  const shown = angles[Math.min(at, angles.length - 1)];
  return (
    <div className="pr-gallery" data-testid="product-gallery" data-angle={shown?.angle}>
      <figure className="pr-panel__figure pr-gallery__main">{shown ? <img src={shown.src} alt={alt} draggable={false} /> : <Skeleton width="100%" height={200} />}</figure>
      {angles.length > 1 && (
        <div className="pr-gallery__strip" role="group" aria-label={intl.formatMessage(texts.angles)}>
          {angles.map((a, i) => (
            <button
              key={a.angle}
              type="button"
              className={`pr-gallery__thumb${i === at ? ' is-active' : ''}`}
              aria-pressed={i === at}
              aria-label={intl.formatMessage(texts.angle, { n: i + 1, count: angles.length })}
              onClick={() => setAt(i)}
              data-testid="product-angle"
              data-angle={a.angle}
            >
              <img src={a.thumb} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export interface ProductViewerProps {
  /** The style/colour (style_color). */
  id: string;
  /** Shown until the product is loaded (a grid row, a showroom tile). */
  fallback?: Partial<Product>;
  /** The assortment's row of the product: adds the notes and quantities panels and its own prices. */
  row?: ViewerRow | null;
  /** Only this location's prices and availability (the showroom's assortmentStatusOnly). */
  locationOnly?: string | null;
  /** The side panel's narrow column or the showroom's full screen. */
  layout?: 'panel' | 'full';
  /** The panel shown first. */
  initialPanel?: ViewerPanel;
  /** Told of the panel the user picks (the showroom keeps it from one product to the next). */
  onPanelChange?: (panel: ViewerPanel) => void;
  /** Shown above the sidebar's title (the showroom's position and navigation). */
  header?: ReactNode;
}

/** The detail of one style/colour. */
export function ProductViewer({ id, fallback, row, locationOnly, layout = 'panel', initialPanel = 'info', onPanelChange, header }: ProductViewerProps) {
  const intl = useIntl();
  const panels = VIEWER_PANELS.filter((t) => row || (t !== 'notes' && t !== 'quantities'));
  const [tab, setTab] = useState<ViewerPanel>(panels.includes(initialPanel) ? initialPanel : 'info');
  const q = useQuery({ queryKey: ['products', 'fetch', id], queryFn: ({ signal }) => fetchProduct(id, signal), staleTime: 5 * 60_000 });
  const p = q.data ?? null;
  const head = p ?? fallback;
  const all = p?.locations ?? [];
  const locations = locationOnly ? all.filter((l) => l.code === locationOnly) : all;
  const first = locations[0];
  const currency: Currency = first ? { symbol: first.currencySymbol, decimals: first.decimalPlaces } : { symbol: '$', decimals: 2 };
  const alt = `${head?.style ?? ''} ${head?.color ?? ''}`.trim();
  const image = head?.image || head?.thumbnail;
  return (
    <div className={`pr-panel pr-viewer pr-viewer--${layout}`} data-testid={layout === 'panel' ? 'product-panel' : 'product-viewer'} data-product={id} data-layout={layout}>
      <AngleGallery key={id} image={image} alt={alt} size={layout === 'full' ? 'print' : 'image'} />
      <aside className="pr-viewer__side" aria-label={head?.name ?? id}>
        {header}
        <div className="pr-panel__title">
          <h3>{head?.name ?? id.replace('_', ' ')}</h3>
          <p>
            <strong>
              {head?.style ?? id.split('_')[0]} · {head?.color ?? id.split('_')[1]}
            </strong>
            {head?.colorDescription && <span> — {head.colorDescription}</span>}
          </p>
        </div>
        <div className="pr-tabs" role="tablist" aria-label={head?.name ?? id}>
          {panels.map((t) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} className={`pr-tab${tab === t ? ' is-active' : ''}`} onClick={() => {
                setTab(t);
                onPanelChange?.(t);
              }}
              data-testid={`panel-tab-${t}`}
            >
              {intl.formatMessage(panelNames[t])}
            </button>
          ))}
        </div>
        <div className="pr-viewer__body" role="tabpanel" data-panel={tab}>
          {tab === 'notes' && row ? (
            <Notes row={row} />
          ) : tab === 'quantities' && row ? (
            <Quantities row={row} />
          ) : q.isPending ? (
            <div className="pr-panel__loading">
              <Skeleton width="90%" />
              <Skeleton width="70%" />
              <Skeleton width="80%" />
            </div>
          ) : !p ? (
            <EmptyState icon="warning" title={<FormattedMessage id="products.panel.error" defaultMessage="The product could not be loaded." />} />
          ) : tab === 'info' ? (
            <Info p={p} />
          ) : tab === 'marketing' ? (
            <Marketing p={p} />
          ) : tab === 'prices' ? (
            <Prices locations={locations} row={row} currency={currency} />
          ) : (
            <AvailabilityTable locations={locations} />
          )}
        </div>
      </aside>
    </div>
  );
}

/** The side panel's viewer (the product library, the assortment grid). */
export function ProductPanel({ id, fallback }: { id: string; fallback?: Partial<Product> }) {
  return <ProductViewer id={id} fallback={fallback} layout="panel" />;
}
