/**
 * /product/assortments/assortment/{id}/create-order (product spec §2.2): a new order holding the
 * style/colours of an assortment. The user picks one of the order types they may create; the
 * type's new order dialog then starts the order with those products.
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, Spinner, actions, api, authzCheck, useDecisions, usePageTitle } from '@its/kit';
import { type GridRow } from '@its/grid';
import { ProductIcon, QUERY_LIMIT, streamProducts } from '@its/remote-products/api';
import { ACTIVE_VIEW, AREAS, KIND_OF, orderPath, type AddProduct, type Area } from '../api';
import { NewOrderDialog } from '../dialogs/NewOrderDialog';
import { areaTitles } from '../messages';

/** The assortment's distinct style/colours, in its order. */
async function assortmentProducts(assortmentId: string, signal: AbortSignal): Promise<AddProduct[]> {
  const rows: GridRow[] = [];
  await streamProducts('/assortments/products/query', { assortmentId, skip: 0, limit: QUERY_LIMIT }, signal, { total: () => undefined, rows: (r) => rows.push(...r) });
  const seen = new Set<string>();
  const out: AddProduct[] = [];
  for (const r of rows) {
    const style = String(r.style ?? '');
    const color = String(r.color ?? '');
    const key = `${style}_${color}`;
    if (!style || !color || seen.has(key)) continue;
    seen.add(key);
    out.push({ tempId: `a${out.length}`, style, color });
  }
  return out;
}

export function CreateFromAssortment({ assortmentId }: { assortmentId: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [area, setArea] = useState<Area | null>(null);
  const assortment = useQuery({
    queryKey: ['orders', 'assortment', assortmentId],
    queryFn: ({ signal }) => api.get<{ _id: string; title: string }>(`/assortments/${encodeURIComponent(assortmentId)}`, { signal, query: { _options: JSON.stringify({ products: false }) } }),
  });
  const products = useQuery({ queryKey: ['orders', 'assortment-products', assortmentId], queryFn: ({ signal }) => assortmentProducts(assortmentId, signal) });
  usePageTitle(intl.formatMessage({ id: 'orders.fromAssortment.title', defaultMessage: 'Create an order' }));
  const checks = useMemo(() => AREAS.map((a) => authzCheck(actions.ordersCreate, { orderType: KIND_OF[a] })), []);
  const decisions = useDecisions(checks);
  const allowed = AREAS.filter((_, i) => decisions.allowed[i]);

  if (assortment.isLoading || products.isLoading || decisions.loading) {
    return (
      <div className="or-loading">
        <Spinner size={28} />
      </div>
    );
  }
  if (!assortment.data) {
    return <EmptyState icon="warning" title={intl.formatMessage({ id: 'orders.fromAssortment.notFound', defaultMessage: 'The assortment was not found.' })} />;
  }
  const list = products.data ?? [];

  return (
    <div className="or-page" data-testid="create-from-assortment">
      <header className="or-head">
        <div className="or-head__text">
          <p className="or-head__eyebrow">
            <Link to={`/product/assortments/assortment/${encodeURIComponent(assortmentId)}/manage`}>{assortment.data.title}</Link>
          </p>
          <h1 className="or-head__title">
            <FormattedMessage id="orders.fromAssortment.title" defaultMessage="Create an order" />
          </h1>
        </div>
      </header>
      <p className="or-dialog-note">
        <FormattedMessage
          id="orders.fromAssortment.help"
          defaultMessage="{n, plural, one {# style/color} other {# style/colors}} of {title} start the order. Choose its type."
          values={{ n: list.length, title: <strong>{assortment.data.title}</strong> }}
        />
      </p>
      {allowed.length === 0 ? (
        <EmptyState icon="lock" title={intl.formatMessage({ id: 'orders.fromAssortment.none', defaultMessage: 'You may not create orders.' })} />
      ) : (
        <div className="or-types">
          {allowed.map((a) => (
            <button key={a} type="button" className="or-type" onClick={() => setArea(a)} disabled={list.length === 0} data-testid={`from-assortment-${a}`}>
              <ProductIcon name={a === 'wholesale' ? 'truck' : a === 'promos' ? 'tag' : 'box'} size={22} />
              <span>{intl.formatMessage(areaTitles[a])}</span>
            </button>
          ))}
        </div>
      )}
      {area && (
        <NewOrderDialog
          area={area}
          subtype={ACTIVE_VIEW[area]}
          mode="new"
          products={list}
          onClose={() => setArea(null)}
          onCreated={(o) => navigate(orderPath(area, o.orderNumber))}
        />
      )}
    </div>
  );
}
