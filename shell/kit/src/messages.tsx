/**
 * Message catalogs of remotes. A remote keeps its own catalogs (one JSON per locale) and wraps
 * its exposed routes in <ModuleMessages>: under the shell's current locale it loads the
 * remote's catalog and layers it over the shell's messages, so kit and shell ids keep working.
 */
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { IntlProvider, useIntl, type IntlShape } from 'react-intl';
import { DEFAULT_LOCALE, matchLocale, type Locale } from './locales';

export type Catalog = Record<string, string>;
export type CatalogLoader = (locale: Locale) => Promise<Catalog | { default: Catalog }>;

const cache = new WeakMap<CatalogLoader, Map<Locale, Promise<Catalog>>>();
/** Catalogs already loaded, readable without waiting (no Suspense, so no reveal throttling). */
const ready = new WeakMap<CatalogLoader, Map<Locale, Catalog>>();

const unwrap = (m: Catalog | { default: Catalog }): Catalog =>
  'default' in m && typeof m.default === 'object' ? (m.default as Catalog) : (m as Catalog);

/** Loads (once) a remote's catalog for `locale`, falling back to en-US, then to nothing. */
export function loadCatalog(loader: CatalogLoader, locale: Locale): Promise<Catalog> {
  let perLoader = cache.get(loader);
  if (!perLoader) cache.set(loader, (perLoader = new Map()));
  let p = perLoader.get(locale);
  if (!p) {
    p = loader(locale)
      .then(unwrap)
      .catch((e: unknown) => {
        console.error('Cannot load internationalization data', e);
        return locale === DEFAULT_LOCALE ? {} : loadCatalog(loader, DEFAULT_LOCALE);
      })
      .then((catalog) => {
        let done = ready.get(loader);
        if (!done) ready.set(loader, (done = new Map()));
        done.set(locale, catalog);
        return catalog;
      });
    perLoader.set(locale, p);
  }
  return p;
}

export function ModuleMessages({ load, children }: { load: CatalogLoader; children: ReactNode }) {
  const parent = useIntl();
  const locale = matchLocale(parent.locale) ?? DEFAULT_LOCALE;
  const [, rerender] = useState(0);
  const own = ready.get(load)?.get(locale);
  useEffect(() => {
    if (own) return;
    let alive = true;
    void loadCatalog(load, locale).then(() => alive && rerender((n) => n + 1));
    return () => {
      alive = false;
    };
  }, [own, load, locale]);
  const messages = useMemo(() => ({ ...(parent.messages as Catalog), ...own }), [parent.messages, own]);
  // Until the remote's own catalog is in, show nothing rather than its message ids.
  if (!own) return null;
  return (
    <IntlProvider
      locale={parent.locale}
      defaultLocale={DEFAULT_LOCALE}
      messages={messages}
      timeZone={parent.timeZone}
      onError={parent.onError}
    >
      {children}
    </IntlProvider>
  );
}

/** Wraps an exposed route component with its remote's catalogs. */
export function withModuleMessages<P extends object>(Component: ComponentType<P>, load: CatalogLoader): ComponentType<P> {
  // Start loading when the remote's module is evaluated, in the page's current language,
  // so that the catalog is usually there by the time the route renders.
  if (typeof document !== 'undefined') void loadCatalog(load, matchLocale(document.documentElement.lang) ?? DEFAULT_LOCALE);
  function WithMessages(props: P) {
    return (
      <ModuleMessages load={load}>
        <Component {...props} />
      </ModuleMessages>
    );
  }
  WithMessages.displayName = `WithMessages(${Component.displayName ?? Component.name ?? 'Component'})`;
  return WithMessages;
}

/**
 * Formats a title that is a message id from the server (module and nav titles). Unknown ids
 * fall back to the id itself.
 */
export function formatTitle(intl: IntlShape, id: string | undefined): string {
  if (!id) return '';
  // Called through a variable so that message extraction does not take this dynamic id for a
  // message of the kit (react-intl's formatters are bound already).
  const format = intl.formatMessage as unknown as (d: { id: string }) => string;
  return intl.messages[id] !== undefined ? format({ id }) : id;
}
