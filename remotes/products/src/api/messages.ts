/** The product texts: field names and the filter bar's words, in this remote's catalogs. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { CatalogLoader } from '@its/kit';

/**
 * This remote's catalogs, one chunk per language. A remote that shows the field names outside
 * the products remote's exposed components wraps its page in them (`withModuleMessages`).
 */
export const loadProductMessages: CatalogLoader = (locale) => import(/* webpackChunkName: "products-i18n-[request]" */ `../i18n/${locale}.json`);

export const fieldNames: Record<string, MessageDescriptor> = defineMessages({
  thumbnail: { id: 'products.field.thumbnail', defaultMessage: 'Image' },
  style: { id: 'products.field.style', defaultMessage: 'Style' },
  color: { id: 'products.field.color', defaultMessage: 'Color' },
  id: { id: 'products.field.styleColor', defaultMessage: 'Style/Color' },
  name: { id: 'products.field.name', defaultMessage: 'Name' },
  colorDescription: { id: 'products.field.colorDescription', defaultMessage: 'Color description' },
  division: { id: 'products.field.division', defaultMessage: 'Division' },
  gender: { id: 'products.field.gender', defaultMessage: 'Gender' },
  productType: { id: 'products.field.productType', defaultMessage: 'Product type' },
  season: { id: 'products.field.season', defaultMessage: 'Season' },
  year: { id: 'products.field.year', defaultMessage: 'Year' },
  channel: { id: 'products.field.channel', defaultMessage: 'Channel' },
  region: { id: 'products.field.region', defaultMessage: 'Region' },
  pillar: { id: 'products.field.pillar', defaultMessage: 'Pillar' },
  lifeCycle: { id: 'products.field.lifeCycle', defaultMessage: 'Life cycle' },
  cost: { id: 'products.field.cost', defaultMessage: 'Cost' },
  wholesalePrice: { id: 'products.field.wholesalePrice', defaultMessage: 'Wholesale' },
  suggestedRetail: { id: 'products.field.suggestedRetail', defaultMessage: 'Suggested retail' },
  originalCost: { id: 'products.field.originalCost', defaultMessage: 'Original cost' },
  initialMarkup: { id: 'products.field.initialMarkup', defaultMessage: 'Initial markup' },
  markupPercent: { id: 'products.field.markupPercent', defaultMessage: 'Markup' },
  lineStatus: { id: 'products.field.lineStatus', defaultMessage: 'Line status' },
  totalInventory: { id: 'products.field.totalInventory', defaultMessage: 'Inventory' },
  sizeRange: { id: 'products.field.sizeRange', defaultMessage: 'Size range' },
  sizeScale: { id: 'products.field.sizeScale', defaultMessage: 'Size scale' },
  availabilityDate: { id: 'products.field.availabilityDate', defaultMessage: 'Available from' },
  firstAvailDate: { id: 'products.field.firstAvailDate', defaultMessage: 'First available' },
  keyInitiative: { id: 'products.field.keyInitiative', defaultMessage: 'Key initiative' },
  outsole: { id: 'products.field.outsole', defaultMessage: 'Outsole' },
  upper: { id: 'products.field.upper', defaultMessage: 'Upper' },
  features: { id: 'products.field.features', defaultMessage: 'Features' },
  seasonCodes: { id: 'products.field.seasonCodes', defaultMessage: 'Season codes' },
  quantity: { id: 'products.field.quantity', defaultMessage: 'Quantity' },
  quantityOnHand: { id: 'products.field.quantityOnHand', defaultMessage: 'On hand' },
  sellThru: { id: 'products.field.sellThru', defaultMessage: 'Sell-through' },
  boxCategory: { id: 'products.field.boxCategory', defaultMessage: 'Box category' },
  dutyCode: { id: 'products.field.dutyCode', defaultMessage: 'Duty code' },
  dimensions: { id: 'products.field.dimensions', defaultMessage: 'Dimensions' },
  materials: { id: 'products.field.materials', defaultMessage: 'Materials' },
  usage: { id: 'products.field.usage', defaultMessage: 'Usage' },
  text: { id: 'products.field.text', defaultMessage: 'Search' },
});

/** A field's name in the user's language (the field itself when unknown). */
export function fieldName(intl: IntlShape, field: string, fallback?: string): string {
  const d = fieldNames[field];
  return d ? intl.formatMessage(d) : (fallback ?? field);
}
