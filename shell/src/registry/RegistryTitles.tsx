/**
 * The titles the registry carries: each module's and nav entry's manifest `titles` (by locale),
 * and a nav group's `groupTitles`, which GET /api/modules hands on. A plugin installed at run time words its own title in its
 * manifest, so the shell's catalogs need no change for it; a compiled-in module's titles are in
 * the catalog already (generated), and on an id both name the catalog's text is kept.
 */
import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { DEFAULT_LOCALE, matchLocale, type Catalog, type Locale, type ModuleEntry } from '@its/kit';

/** The registry's titles in `locale` (en-US where a manifest lacks that locale), by message id. */
export function registryCatalog(modules: readonly ModuleEntry[], locale: Locale): Catalog {
  const out: Catalog = {};
  const add = (id: string | undefined, titles: Partial<Record<Locale, string>> | undefined) => {
    const text = titles?.[locale] ?? titles?.[DEFAULT_LOCALE];
    if (id && text) out[id] = text;
  };
  for (const m of modules) {
    add(m.title, m.titles);
    for (const n of m.nav ?? []) {
      add(n.title, n.titles);
      if (n.group) add(`nav.group.${n.group}`, n.groupTitles);
    }
  }
  return out;
}

/** Layers the registry's titles under the page's messages for everything below (remotes too). */
export function RegistryTitles({ modules, children }: { modules: readonly ModuleEntry[]; children: ReactNode }) {
  const parent = useIntl();
  const locale = matchLocale(parent.locale) ?? DEFAULT_LOCALE;
  const own = useMemo(() => registryCatalog(modules, locale), [modules, locale]);
  const messages = useMemo(() => ({ ...own, ...(parent.messages as Catalog) }), [own, parent.messages]);
  return (
    <IntlProvider locale={parent.locale} defaultLocale={DEFAULT_LOCALE} messages={messages} timeZone={parent.timeZone} onError={parent.onError}>
      {children}
    </IntlProvider>
  );
}
