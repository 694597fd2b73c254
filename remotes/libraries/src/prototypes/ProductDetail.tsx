/** /prototypes/product-detail: a style/colour found by its number, shown in the product detail viewer. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, EmptyState, Spinner } from '@its/kit';
import { autocompleteColors, type ColorSuggestion } from '@its/remote-products/api';
import { ProductViewer } from '../products';
import { CATALOG_ORDER, sampleProducts } from './api';
import { t } from './texts';

/**
 * The suggestions for what the user typed: the colours of the style it starts with (a colour
 * number may follow), else the colours whose number or description holds the text. One after
 * the other: the catalog's colour searches cancel each other when they overlap.
 */
export async function findColors(text: string, signal: AbortSignal): Promise<ColorSuggestion[]> {
  const [style = '', color = ''] = text.trim().split(/[\s_·]+/);
  const ofStyle = style ? await autocompleteColors(color, signal, style) : [];
  return ofStyle.length ? ofStyle : autocompleteColors(text, signal);
}

export function ProductDetailPlayground() {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  // Until one is picked, the catalog's first product shows.
  const first = useQuery({ queryKey: ['prototypes', 'first-product'], queryFn: ({ signal }) => sampleProducts({ limit: 1, sort: CATALOG_ORDER }, signal), enabled: !picked });
  const id = picked ?? first.data?.rows[0]?.id ?? null;
  return (
    <div className="proto-detail">
      <div className="lib-toolbar proto-toolbar">
        <div className="proto-search">
          <Autocomplete<ColorSuggestion>
            value={text}
            onText={setText}
            fetch={findColors}
            onPick={(c) => {
              setPicked(`${c.style}_${c.color}`);
              setText(`${c.style} ${c.color}`);
            }}
            render={(c) => (
              <span className="proto-suggestion">
                <img className="proto-thumb proto-thumb--small" src={c.thumbnail} alt="" />
                <strong>
                  {c.style} · {c.color}
                </strong>
                <span className="lib-muted">{c.colorDescription}</span>
              </span>
            )}
            keyOf={(c) => `${c.style}_${c.color}`}
            label={intl.formatMessage(t.search)}
            placeholder={intl.formatMessage(t.searchHint)}
            testId="detail-search"
          />
        </div>
      </div>
      {id ? (
        <ProductViewer key={id} id={id} layout="full" />
      ) : first.isPending ? (
        <Spinner />
      ) : (
        <EmptyState icon={first.isError ? 'warning' : 'info'} title={intl.formatMessage(first.isError ? t.loadFailed : t.noProducts)} />
      )}
    </div>
  );
}
