/** /prototypes/category-select: a category of the catalog and some of its values pick the products shown. */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, Skeleton, enums } from '@its/kit';
import { fetchProductGroups, fieldName } from '@its/remote-products/api';
import { MultiSelect, type Option } from '../ui/MultiSelect';
import { CATALOG_ORDER, sampleProducts } from './api';
import { ProductCard } from './ProductCard';
import { t } from './texts';

type Category = (typeof enums.products.groupFields)[number];

/** How many of the matching products the playground shows. */
export const CATEGORY_PRODUCTS = 24;

/** The query's values of a category: years are numbers, the rest text. */
export const conditionValues = (category: Category, values: string[]): Array<string | number> =>
  category === 'year' ? values.map(Number).filter(Number.isFinite) : values;

export function CategorySelectPlayground() {
  const intl = useIntl();
  const fieldId = useId();
  const [category, setCategory] = useState<Category>('division');
  const [values, setValues] = useState<string[]>([]);
  const groups = useQuery({
    queryKey: ['prototypes', 'categories', category],
    queryFn: ({ signal }) => fetchProductGroups({}, category, signal),
  });
  const options: Option[] = (groups.data ?? []).filter((g) => g.value !== null && g.value !== '').map((g) => ({ value: String(g.value), count: g.count }));
  const products = useQuery({
    queryKey: ['prototypes', 'category-products', category, values],
    queryFn: ({ signal }) =>
      sampleProducts({ conditions: values.length ? { [category]: conditionValues(category, values) } : undefined, limit: CATEGORY_PRODUCTS, sort: CATALOG_ORDER }, signal),
  });
  const rows = products.data?.rows ?? [];
  // The groups' counts are exact (a product holds one value of a category); the product query's
  // total is an estimate past a thousand.
  const total = (groups.data ?? []).filter((g) => !values.length || values.includes(String(g.value))).reduce((n, g) => n + g.count, 0);
  return (
    <>
      <div className="lib-toolbar proto-toolbar">
        <label className="proto-field" htmlFor={fieldId}>
          <span className="its-field__label">{intl.formatMessage(t.category)}</span>
          <select
            id={fieldId}
            className="its-input"
            value={category}
            onChange={(e) => {
              setCategory(e.target.value as Category);
              setValues([]);
            }}
            data-testid="category-field"
          >
            {enums.products.groupFields.map((f) => (
              <option key={f} value={f}>
                {fieldName(intl, f)}
              </option>
            ))}
          </select>
        </label>
        <MultiSelect label={fieldName(intl, category)} options={options} selected={values} onChange={setValues} testId="category-values" />
        {values.length > 0 && (
          <button type="button" className="its-btn its-btn--ghost lib-btn-sm" onClick={() => setValues([])}>
            {intl.formatMessage(t.clear)}
          </button>
        )}
        <span className="lib-toolbar__count proto-count" role="status" data-testid="category-count">
          {products.data && groups.data && intl.formatMessage(t.matching, { count: total })}
          {products.data && groups.data && total > rows.length && ` ${intl.formatMessage(t.shownOf, { shown: rows.length })}`}
        </span>
      </div>
      {products.isPending ? (
        <div className="lib-grid">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={220} width="100%" />
          ))}
        </div>
      ) : products.isError ? (
        <EmptyState icon="warning" title={intl.formatMessage(t.loadFailed)} />
      ) : rows.length === 0 ? (
        <EmptyState title={intl.formatMessage(t.noProducts)} />
      ) : (
        <ul className="lib-grid proto-grid" data-testid="category-products">
          {rows.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </ul>
      )}
    </>
  );
}
