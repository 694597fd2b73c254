/**
 * The shell's IntlProvider: picks the language (local preference, else the user's, else the
 * server default, else en-US), loads that catalog and keeps the previous one on screen while
 * a new one loads. en-US is the fallback for every missing message.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, type IntlConfig } from 'react-intl';
import { DEFAULT_LOCALE, getPreference, matchLocale, moduleTitles, usePreference, type Catalog, type Locale } from '@its/kit';

export const LANGUAGE_PREFERENCE = 'language';

/** The shell's catalog of `locale` with the modules' titles, which their manifests word (generated). */
export function loadShellCatalog(locale: Locale): Promise<Catalog> {
  return import(/* webpackChunkName: "lang-[request]" */ `./lang/${locale}.json`).then((m: { default: Catalog }) => ({
    ...m.default,
    ...moduleTitles[locale],
  }));
}

export function resolveLocale(pref: unknown, userLanguage?: string, serverDefault?: string): Locale {
  return (
    matchLocale(typeof pref === 'string' ? pref : undefined) ?? matchLocale(userLanguage) ?? matchLocale(serverDefault) ?? DEFAULT_LOCALE
  );
}

export const onIntlError: NonNullable<IntlConfig['onError']> = (err) => {
  // Missing translations fall back to the en-US default message by design.
  if (err.code === ReactIntlErrorCode.MISSING_TRANSLATION) return;
  if (process.env.NODE_ENV !== 'production') console.warn(err.message);
};

export function IntlRoot({
  userLanguage,
  serverDefault,
  timeZone,
  children,
  splash,
}: {
  userLanguage?: string;
  serverDefault?: string;
  timeZone?: string;
  children: ReactNode;
  splash?: ReactNode;
}) {
  const pref = usePreference<string>(LANGUAGE_PREFERENCE);
  const wanted = resolveLocale(pref, userLanguage, serverDefault);
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Catalog } | null>(null);

  useEffect(() => {
    let alive = true;
    loadShellCatalog(wanted)
      .catch((e: unknown) => {
        console.error('Cannot load internationalization data', e);
        return {} as Catalog;
      })
      .then((messages) => {
        if (!alive) return;
        setLoaded({ locale: wanted, messages });
        document.documentElement.lang = wanted;
      });
    return () => {
      alive = false;
    };
  }, [wanted]);

  if (!loaded) return <>{splash ?? null}</>;
  return (
    <IntlProvider
      locale={loaded.locale}
      defaultLocale={DEFAULT_LOCALE}
      messages={loaded.messages}
      timeZone={timeZone}
      onError={onIntlError}
    >
      {children}
    </IntlProvider>
  );
}

export const currentPreferredLocale = () => getPreference<string>(LANGUAGE_PREFERENCE);
