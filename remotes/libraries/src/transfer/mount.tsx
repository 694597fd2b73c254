/**
 * Mounts the transfer panels once, in a root of their own at the end of the page: transfers go
 * on when the user leaves the libraries, so their panel must not live in a route's tree. It
 * speaks the page's language (the shell sets <html lang>) with the remote's catalogs.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, loadCatalog, matchLocale, type Catalog, type Locale } from '@its/kit';
import { loadMessages } from '../messages';
import { TransferPanel } from './TransferPanel';

const pageLocale = (): Locale => matchLocale(document.documentElement.lang) ?? DEFAULT_LOCALE;

function useDocumentLocale(): Locale {
  const [locale, setLocale] = useState(pageLocale);
  useEffect(() => {
    const obs = new MutationObserver(() => setLocale(pageLocale()));
    obs.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    return () => obs.disconnect();
  }, []);
  return locale;
}

function PanelRoot() {
  const locale = useDocumentLocale();
  const [messages, setMessages] = useState<{ locale: Locale; catalog: Catalog } | null>(null);
  useEffect(() => {
    let alive = true;
    void loadCatalog(loadMessages, locale).then((catalog) => alive && setMessages({ locale, catalog }));
    return () => {
      alive = false;
    };
  }, [locale]);
  if (!messages) return null;
  return (
    <IntlProvider locale={messages.locale} defaultLocale={DEFAULT_LOCALE} messages={messages.catalog} onError={() => {}}>
      <TransferPanel />
    </IntlProvider>
  );
}

let mounted = false;

export function mountTransferPanel(): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'its-libraries-transfers';
  document.body.appendChild(host);
  createRoot(host).render(<PanelRoot />);
}
