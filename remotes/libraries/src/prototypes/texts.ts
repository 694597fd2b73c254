/** The prototype playgrounds' texts (the tab names are in PrototypeTabs). */
import { defineMessages, type MessageDescriptor } from 'react-intl';

const texts = defineMessages({
  lead_dragdrop: { id: 'libraries.prototypes.lead.dragdrop', defaultMessage: 'Drag catalog products into the order you want, or move them with the arrow buttons.' },
  lead_previewer: { id: 'libraries.prototypes.lead.previewer', defaultMessage: 'Preview the first pages of a document for one of your assortments.' },
  'lead_category-select': { id: 'libraries.prototypes.lead.categorySelect', defaultMessage: 'Pick a category and its values to see the catalog products in them.' },
  'lead_product-detail': { id: 'libraries.prototypes.lead.productDetail', defaultMessage: 'Search a style or colour and look at its detail: pictures, prices, availability and marketing.' },
  loadFailed: { id: 'libraries.prototypes.loadFailed', defaultMessage: 'The products could not be loaded.' },
  noProducts: { id: 'libraries.prototypes.noProducts', defaultMessage: 'No products match.' },
  orderCount: { id: 'libraries.prototypes.dragdrop.count', defaultMessage: '{count, plural, one {# product} other {# products}} in your order' },
  reset: { id: 'libraries.prototypes.dragdrop.reset', defaultMessage: 'Reset order' },
  moveUp: { id: 'libraries.prototypes.dragdrop.moveUp', defaultMessage: 'Move {name} up' },
  moveDown: { id: 'libraries.prototypes.dragdrop.moveDown', defaultMessage: 'Move {name} down' },
  moved: { id: 'libraries.prototypes.dragdrop.moved', defaultMessage: '{name} is now at position {position} of {count}.' },
  listLabel: { id: 'libraries.prototypes.dragdrop.list', defaultMessage: 'Products in your order' },
  assortment: { id: 'libraries.prototypes.previewer.assortment', defaultMessage: 'Assortment' },
  documentType: { id: 'libraries.prototypes.previewer.documentType', defaultMessage: 'Document' },
  layout: { id: 'libraries.prototypes.previewer.layout', defaultMessage: 'Layout' },
  pageN: { id: 'libraries.prototypes.previewer.page', defaultMessage: 'Page {n}' },
  pages: { id: 'libraries.prototypes.previewer.pages', defaultMessage: 'Pages' },
  noAssortments: { id: 'libraries.prototypes.previewer.noAssortments', defaultMessage: 'You have no assortments to preview yet.' },
  noPage: { id: 'libraries.prototypes.previewer.noPage', defaultMessage: 'This document has no such page.' },
  previewFailed: { id: 'libraries.prototypes.previewer.failed', defaultMessage: 'The preview could not be made.' },
  Linesheet: { id: 'libraries.prototypes.doc.Linesheet', defaultMessage: 'Line sheet' },
  Pricesheet: { id: 'libraries.prototypes.doc.Pricesheet', defaultMessage: 'Price sheet' },
  Tearsheet: { id: 'libraries.prototypes.doc.Tearsheet', defaultMessage: 'Tear sheet' },
  Condensed: { id: 'libraries.prototypes.doc.Condensed', defaultMessage: 'Condensed' },
  Expanded: { id: 'libraries.prototypes.doc.Expanded', defaultMessage: 'Expanded' },
  'With Hero Image': { id: 'libraries.prototypes.doc.withHero', defaultMessage: 'With hero image' },
  'Thumbnails Only': { id: 'libraries.prototypes.doc.thumbnailsOnly', defaultMessage: 'Thumbnails only' },
  category: { id: 'libraries.prototypes.category.field', defaultMessage: 'Category' },
  matching: { id: 'libraries.prototypes.category.matching', defaultMessage: '{count, plural, one {# product matches} other {# products match}}.' },
  shownOf: { id: 'libraries.prototypes.category.shown', defaultMessage: 'The first {shown} are shown.' },
  clear: { id: 'libraries.prototypes.category.clear', defaultMessage: 'Clear' },
  search: { id: 'libraries.prototypes.detail.search', defaultMessage: 'Style or colour' },
  searchHint: { id: 'libraries.prototypes.detail.searchHint', defaultMessage: 'Type a style or colour number' },
});

/** Widened so that each text takes the values its placeholders name. */
export const t: Record<keyof typeof texts, MessageDescriptor> = texts;
