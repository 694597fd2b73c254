/**
 * The product detail of the side panel (spec §2.6 product detail viewer): the image, the
 * product's information, its prices in every location the user may see (in each location's
 * currency and decimals) and the availability by size.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, Skeleton } from '@its/kit';
import { fetchProduct, type Product, type ProductLocation } from './api';
import { formatDay, formatMoney, formatPercent } from './format';
import { fieldName } from './messages';

type Tab = 'info' | 'prices' | 'availability';

function Info({ p }: { p: Product }) {
  const intl = useIntl();
  const rows: Array<[string, string]> = [];
  const add = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return;
    rows.push([fieldName(intl, field), Array.isArray(v) ? v.join(', ') : String(v)]);
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
  add('features', r.features);
  add('boxCategory', r.boxCategory);
  add('dutyCode', r.dutyCode);
  add('availabilityDate', formatDay(r.availabilityDate));
  return (
    <>
      {p.description && <p className="pr-panel__desc">{p.description}</p>}
      <dl className="pr-facts" data-testid="product-info">
        {rows.map(([k, v]) => (
          <div key={k} className="pr-facts__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function Prices({ locations }: { locations: ProductLocation[] }) {
  const intl = useIntl();
  if (locations.length === 0) return <EmptyState icon="price" title={<FormattedMessage id="products.panel.noPrices" defaultMessage="This product has no price in your locations." />} />;
  return (
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
          <strong>{loc.code}</strong>
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

/** The detail of one style/colour (id = style_color). */
export function ProductPanel({ id, fallback }: { id: string; fallback?: Partial<Product> }) {
  const [tab, setTab] = useState<Tab>('info');
  const q = useQuery({ queryKey: ['products', 'fetch', id], queryFn: ({ signal }) => fetchProduct(id, signal), staleTime: 5 * 60_000 });
  const p = q.data ?? null;
  const head = p ?? fallback;
  return (
    <div className="pr-panel" data-testid="product-panel" data-product={id}>
      <figure className="pr-panel__figure">
        {head?.image || head?.thumbnail ? <img src={head.image || head.thumbnail} alt={`${head.style ?? ''} ${head.color ?? ''}`} /> : <Skeleton width="100%" height={200} />}
      </figure>
      <div className="pr-panel__title">
        <h3>{head?.name ?? id.replace('_', ' ')}</h3>
        <p>
          <strong>
            {head?.style ?? id.split('_')[0]} · {head?.color ?? id.split('_')[1]}
          </strong>
          {head?.colorDescription && <span> — {head.colorDescription}</span>}
        </p>
      </div>
      <div className="pr-tabs" role="tablist">
        {(['info', 'prices', 'availability'] as Tab[]).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className={`pr-tab${tab === t ? ' is-active' : ''}`} onClick={() => setTab(t)} data-testid={`panel-tab-${t}`}>
            {t === 'info' ? (
              <FormattedMessage id="products.panel.info" defaultMessage="Info" />
            ) : t === 'prices' ? (
              <FormattedMessage id="products.panel.prices" defaultMessage="Prices" />
            ) : (
              <FormattedMessage id="products.panel.availability" defaultMessage="Availability" />
            )}
          </button>
        ))}
      </div>
      {q.isPending ? (
        <div className="pr-panel__loading">
          <Skeleton width="90%" />
          <Skeleton width="70%" />
          <Skeleton width="80%" />
        </div>
      ) : !p ? (
        <EmptyState icon="warning" title={<FormattedMessage id="products.panel.error" defaultMessage="The product could not be loaded." />} />
      ) : tab === 'info' ? (
        <Info p={p} />
      ) : tab === 'prices' ? (
        <Prices locations={p.locations ?? []} />
      ) : (
        <AvailabilityTable locations={p.locations ?? []} />
      )}
    </div>
  );
}
