import type { CatalogLoader } from '@its/kit';

/** The plugin's own catalogs, one chunk per language, loaded under the shell's locale. */
export const loadMessages: CatalogLoader = (locale) => import(/* webpackChunkName: "i18n-[request]" */ `./i18n/${locale}.json`);
