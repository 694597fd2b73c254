/**
 * What the client knows of each library (mirroring modules/libraries/model.go): its filter bar,
 * its publish requirements (spec §5.6), the fields its manage grid edits, its collection.
 */
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { AssetField, AssetStatus, LibraryType } from './api/types';

/** The query parameters GET /api/assets accepts as filters, per library. */
export const FILTER_FIELDS: Record<LibraryType, AssetField[]> = {
  AdvertisingAsset: ['tag', 'region', 'season', 'orientation', 'assetType', 'storeType', 'usage', 'gender', 'category', 'vmCategory', 'mediaDisplay'],
  AdvertisingLogo: ['category'],
  GlobalRetailAsset: ['season', 'entity', 'storeType', 'category', 'lang', 'year', 'assetType', 'assetSubType', 'gender', 'element', 'initiative'],
  GlobalRetailResource: ['season', 'entity', 'storeType', 'category', 'lang', 'year', 'assetType', 'assetSubType', 'gender', 'element', 'initiative'],
  ProductDocument: ['docType', 'season', 'year', 'gender', 'category', 'divisionId', 'lang'],
  StepAsset: ['assetType', 'gender', 'lang'],
};

/** The fields an item needs before it can be published; they cannot be cleared either. */
export const REQUIRED_FIELDS: Record<LibraryType, AssetField[]> = {
  StepAsset: ['name', 'assetType', 'lang', 'gender'],
  GlobalRetailAsset: ['name', 'assetType'],
  GlobalRetailResource: ['name'],
  ProductDocument: ['name', 'docType'],
  AdvertisingLogo: ['name', 'category'],
  AdvertisingAsset: ['name', 'assetType', 'category', 'gender'],
};

/** The advertising asset type that also needs begin and expire dates to be published. */
export const MARKETING_IMAGE = 'Marketing Image';

/** The fields an item still needs filled before it can be published (files aside). */
export function neededFields(a: { libraryType: LibraryType; assetType?: string }): AssetField[] {
  const fields = [...REQUIRED_FIELDS[a.libraryType]];
  if (a.libraryType === 'AdvertisingAsset' && a.assetType === MARKETING_IMAGE) fields.push('beginDate', 'expireDate');
  return fields;
}

/** Columns of the manage grid, in order (the name first). */
export const EDIT_FIELDS: Record<LibraryType, AssetField[]> = {
  AdvertisingAsset: ['name', 'assetType', 'category', 'gender', 'season', 'year', 'tag', 'region', 'orientation', 'storeType', 'usage', 'vmCategory', 'mediaDisplay', 'beginDate', 'expireDate'],
  AdvertisingLogo: ['name', 'category', 'tag'],
  GlobalRetailAsset: ['name', 'assetType', 'assetSubType', 'category', 'gender', 'season', 'year', 'lang', 'entity', 'storeType', 'element', 'initiative', 'dimensions'],
  GlobalRetailResource: ['name', 'assetType', 'assetSubType', 'category', 'season', 'year', 'lang', 'entity', 'storeType', 'initiative'],
  ProductDocument: ['name', 'docType', 'season', 'year', 'gender', 'category', 'divisionId', 'lang'],
  StepAsset: ['name', 'assetType', 'gender', 'lang', 'category', 'season', 'year'],
};

/** The fields a card shows under its title. */
export const CARD_FIELDS: Record<LibraryType, AssetField[]> = {
  AdvertisingAsset: ['assetType', 'season', 'year', 'gender'],
  AdvertisingLogo: ['category'],
  GlobalRetailAsset: ['assetSubType', 'initiative', 'lang'],
  GlobalRetailResource: ['assetSubType', 'initiative', 'lang'],
  ProductDocument: ['docType', 'season', 'year', 'lang'],
  StepAsset: ['assetType', 'gender', 'lang'],
};

/** Collections (spec §2.6) and the library types each holds. */
export const COLLECTION_TYPES: Record<string, LibraryType[]> = {
  advertisingAsset: ['AdvertisingAsset'],
  advertisingLogo: ['AdvertisingLogo'],
  globalRetail: ['GlobalRetailAsset', 'GlobalRetailResource'],
  productDocument: ['ProductDocument'],
  step: ['StepAsset'],
};

export const DATE_FIELD_SET = new Set<AssetField>(['startDate', 'endDate', 'beginDate', 'expireDate']);

export const isLibraryType = (v: unknown): v is LibraryType =>
  typeof v === 'string' && ['AdvertisingAsset', 'AdvertisingLogo', 'GlobalRetailAsset', 'GlobalRetailResource', 'ProductDocument', 'StepAsset'].includes(v);

export const STATUS_ORDER: AssetStatus[] = ['Pending', 'Published', 'Unpublished', 'Deleted'];

export const libraryTitles = defineMessages<LibraryType>({
  AdvertisingAsset: { id: 'libraries.type.AdvertisingAsset', defaultMessage: 'Advertising assets' },
  AdvertisingLogo: { id: 'libraries.type.AdvertisingLogo', defaultMessage: 'Advertising logos' },
  GlobalRetailAsset: { id: 'libraries.type.GlobalRetailAsset', defaultMessage: 'Global retail visual assets' },
  GlobalRetailResource: { id: 'libraries.type.GlobalRetailResource', defaultMessage: 'Global retail resources' },
  ProductDocument: { id: 'libraries.type.ProductDocument', defaultMessage: 'Product documents' },
  StepAsset: { id: 'libraries.type.StepAsset', defaultMessage: 'Sales training (STEP)' },
});

export const libraryLeads = defineMessages<LibraryType>({
  AdvertisingAsset: { id: 'libraries.lead.AdvertisingAsset', defaultMessage: 'Campaign imagery, print ads and in-store displays, ready to download.' },
  AdvertisingLogo: { id: 'libraries.lead.AdvertisingLogo', defaultMessage: 'Approved brand logos in every colourway and layout.' },
  GlobalRetailAsset: { id: 'libraries.lead.GlobalRetailAsset', defaultMessage: 'Window, wall and fixture graphics for stores around the world.' },
  GlobalRetailResource: { id: 'libraries.lead.GlobalRetailResource', defaultMessage: 'Guidelines, planograms and training decks for retail teams.' },
  ProductDocument: { id: 'libraries.lead.ProductDocument', defaultMessage: 'Line sheets, price sheets, tech packs and size charts.' },
  StepAsset: { id: 'libraries.lead.StepAsset', defaultMessage: 'Product training, sales presentations and technology guides.' },
});

export const statusTitles = defineMessages<AssetStatus>({
  Pending: { id: 'libraries.status.Pending', defaultMessage: 'Pending' },
  Published: { id: 'libraries.status.Published', defaultMessage: 'Published' },
  Unpublished: { id: 'libraries.status.Unpublished', defaultMessage: 'Unpublished' },
  Deleted: { id: 'libraries.status.Deleted', defaultMessage: 'Deleted' },
});

export const fieldTitles: Record<AssetField | 'status' | 'file' | 'modifiedDate' | 'fileSize', MessageDescriptor> = defineMessages({
  name: { id: 'libraries.field.name', defaultMessage: 'Name' },
  librarySubType: { id: 'libraries.field.librarySubType', defaultMessage: 'Library subtype' },
  assetType: { id: 'libraries.field.assetType', defaultMessage: 'Asset type' },
  assetSubType: { id: 'libraries.field.assetSubType', defaultMessage: 'Asset subtype' },
  category: { id: 'libraries.field.category', defaultMessage: 'Category' },
  gender: { id: 'libraries.field.gender', defaultMessage: 'Gender' },
  tag: { id: 'libraries.field.tag', defaultMessage: 'Tag' },
  season: { id: 'libraries.field.season', defaultMessage: 'Season' },
  year: { id: 'libraries.field.year', defaultMessage: 'Year' },
  lang: { id: 'libraries.field.lang', defaultMessage: 'Language' },
  region: { id: 'libraries.field.region', defaultMessage: 'Region' },
  orientation: { id: 'libraries.field.orientation', defaultMessage: 'Orientation' },
  initiative: { id: 'libraries.field.initiative', defaultMessage: 'Initiative' },
  element: { id: 'libraries.field.element', defaultMessage: 'Store element' },
  entity: { id: 'libraries.field.entity', defaultMessage: 'Entity' },
  storeType: { id: 'libraries.field.storeType', defaultMessage: 'Store type' },
  function: { id: 'libraries.field.function', defaultMessage: 'Function' },
  usage: { id: 'libraries.field.usage', defaultMessage: 'Usage' },
  vmCategory: { id: 'libraries.field.vmCategory', defaultMessage: 'VM category' },
  mediaDisplay: { id: 'libraries.field.mediaDisplay', defaultMessage: 'Media display' },
  docType: { id: 'libraries.field.docType', defaultMessage: 'Document type' },
  divisionId: { id: 'libraries.field.divisionId', defaultMessage: 'Division' },
  dimensions: { id: 'libraries.field.dimensions', defaultMessage: 'Dimensions' },
  startDate: { id: 'libraries.field.startDate', defaultMessage: 'Start date' },
  endDate: { id: 'libraries.field.endDate', defaultMessage: 'End date' },
  beginDate: { id: 'libraries.field.beginDate', defaultMessage: 'Begin date' },
  expireDate: { id: 'libraries.field.expireDate', defaultMessage: 'Expire date' },
  status: { id: 'libraries.field.status', defaultMessage: 'Status' },
  file: { id: 'libraries.field.file', defaultMessage: 'File' },
  fileSize: { id: 'libraries.field.fileSize', defaultMessage: 'File size' },
  modifiedDate: { id: 'libraries.field.modifiedDate', defaultMessage: 'Modified' },
});

/** Turns the server's missing-field names ("category", "primary file") into labels. */
export function missingLabel(name: string, format: (d: MessageDescriptor) => string): string {
  const d = (fieldTitles as Record<string, MessageDescriptor | undefined>)[name.trim()];
  return d ? format(d) : name.trim();
}
