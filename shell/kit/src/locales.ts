/** The interface languages (spec product §1): en-US is the default and the fallback. */
export const LOCALES = ['en-US', 'de-DE', 'es-ES', 'fr-FR', 'it-IT', 'ja-JP', 'pl-PL', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Each language named in itself, for the language menu. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English (US)',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'fr-FR': 'Français',
  'it-IT': 'Italiano',
  'ja-JP': '日本語',
  'pl-PL': 'Polski',
  'pt-BR': 'Português (Brasil)',
};

/** Maps any tag (de, de-AT, pt_br) to a supported locale, or undefined. */
export function matchLocale(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const norm = tag.replace('_', '-').toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === norm);
  if (exact) return exact;
  const lang = norm.split('-')[0];
  return LOCALES.find((l) => l.toLowerCase().startsWith(`${lang}-`));
}
