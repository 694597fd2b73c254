/** Shapes of the libraries API (modules/libraries, core/uploads, core/jobs; see docs/api.md). */
import type { GridSchema } from '@its/grid';

export const LIBRARY_TYPES = ['AdvertisingAsset', 'AdvertisingLogo', 'GlobalRetailAsset', 'GlobalRetailResource', 'ProductDocument', 'StepAsset'] as const;
export type LibraryType = (typeof LIBRARY_TYPES)[number];

export const STATUSES = ['Pending', 'Published', 'Unpublished', 'Deleted'] as const;
export type AssetStatus = (typeof STATUSES)[number];

export type UsageType = 'Primary' | 'Working File';

export interface AssetFile {
  _id: string;
  usageType: UsageType;
  filename: string;
  content: string;
  fileSize: number;
  thumbnail?: string;
  previewJpg?: string;
  sourceFile?: string;
  groups: string[];
  dimensions?: { width: number; height: number };
  state: string;
  addMethod: string;
  modifiedDate: string;
}

/** The text attributes of an asset (spec §3.4); dates are YYYY-MM-DD or null. */
export const TEXT_FIELDS = [
  'name', 'librarySubType', 'assetType', 'assetSubType', 'category', 'gender', 'tag', 'season', 'year', 'lang',
  'region', 'orientation', 'initiative', 'element', 'entity', 'storeType', 'function', 'usage', 'vmCategory',
  'mediaDisplay', 'docType', 'divisionId', 'dimensions',
] as const;
export const DATE_FIELDS = ['startDate', 'endDate', 'beginDate', 'expireDate'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type DateField = (typeof DATE_FIELDS)[number];
export type AssetField = TextField | DateField;

export type Asset = {
  _id: string;
  libraryType: LibraryType;
  status: AssetStatus;
  addedBy?: string;
  userFlag?: string;
  modifiedDate: string;
  locations: string[];
  files: AssetFile[];
  primaryFile?: string;
  workingFile?: string;
} & Partial<Record<TextField, string>> &
  Partial<Record<DateField, string | null>>;

export interface AssetPage {
  data: Asset[];
  totalCount: number;
}

/** GET /api/assets/filters → data: each filter field's values (published items), with counts. */
export type FilterOptions = Partial<Record<AssetField, { value: string; count: number }[]>>;

/** One landing tile: a value of the library's landing field, its published items, and the newest with a picture. */
export interface LandingTile {
  value: string;
  count: number;
  sample: Asset | null;
}

/** GET /api/assets/landing → data: a library's landing page, computed from all its published items. */
export interface Landing {
  total: number;
  /** The field the tiles group by (the library's landing field). */
  facet: AssetField;
  /** The field's 12 values with the most items, most first. */
  tiles: LandingTile[];
  /** The 6 most recently modified items. */
  recent: Asset[];
}

export type ViewType = 'grid' | 'list';

export interface CollectionSettings {
  includeWorkingFiles: boolean;
  showWorkingFilesOnly: boolean;
  viewType: ViewType;
  showNewStylesOnly: boolean;
}

export interface Collection extends CollectionSettings {
  collectionType: string;
  items: string[];
  totalSize: number;
  tooLarge: boolean;
  sizeLimit: number;
}

export type JobStatus = 'pending' | 'started' | 'success' | 'failed' | 'cancelled';

export interface Job {
  id: string;
  kind: string;
  title: string;
  status: JobStatus;
  progress: number;
  message?: string;
  url?: string;
  filename?: string;
  createdDate?: string;
}

/** POST /api/upload/aws/s3/create → data. */
export interface CreatedUpload {
  uploadId: string;
  bucket: string;
  key: string;
  parts: number;
  chunkSize: number;
  filename: string;
  fileSize: number;
  urls: string[];
}

/** GET /api/upload/aws/s3/{uploadId}/parts → data. */
export interface ResumeInfo extends CreatedUpload {
  stored: { partNumber: number; etag: string; size: number }[];
  missing: number[];
}

export interface CompletedUpload {
  uploadId: string;
  status: string;
  result?: { asset?: { _id: string }; file?: { _id: string } };
}

/** GET /api/assets/{libraryType}/schema → data: the manage grid's schema and the publish rule. */
export interface LibrarySchema extends GridSchema {
  libraryType: LibraryType;
  statuses: AssetStatus[];
  /** Needed to publish (spec §5.6); a Marketing Image also needs beginDate and expireDate. */
  publishFields: AssetField[];
}
