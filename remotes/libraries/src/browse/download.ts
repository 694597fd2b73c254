/** Downloading one file of an asset: a freshly signed URL, the statistics event, the Seen flag. */
import { flagSeen, recordStat, signedAssets } from '../api/assets';
import type { Asset, UsageType } from '../api/types';
import { saveFile } from '../transfer/queues';

/** Statistics actions of asset downloads (spec platform §9: primary or working file). */
export const STAT_ACTION: Record<UsageType, string> = {
  Primary: 'assetDownloadPrimary',
  'Working File': 'assetDownloadWorkingFile',
};

export class NoFileError extends Error {
  constructor() {
    super('no file');
    this.name = 'NoFileError';
  }
}

export async function downloadAssetFile(asset: Asset, usageType: UsageType): Promise<string> {
  const [fresh] = await signedAssets(asset.libraryType, [asset._id], usageType);
  const file = fresh?.files.find((f) => f.usageType === usageType && f.sourceFile);
  if (!file?.sourceFile) throw new NoFileError();
  saveFile({ url: file.sourceFile, filename: file.filename });
  await Promise.allSettled([
    recordStat(STAT_ACTION[usageType], asset._id, { libraryType: asset.libraryType, usageType, filename: file.filename, fileId: file._id }),
    flagSeen(asset._id),
  ]);
  return file.filename;
}
