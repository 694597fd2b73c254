/** The product library's own catalogs, one chunk per language (the product pieces it shows keep
 * their texts in the grid kit's catalogs). */
import type { CatalogLoader } from '@its/kit';

export const loadMessages: CatalogLoader = (locale) => import(/* webpackChunkName: "products-i18n-[request]" */ `./i18n/${locale}.json`);
