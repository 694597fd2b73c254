/** Texts of upload refusals and states. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { UploadEntry, UploadError } from './uploadQueue';

export const uploadErrors = defineMessages({
  duplicate: { id: 'libraries.upload.error.duplicate', defaultMessage: 'Another asset already has the filename {filename}. Rename the file or update the existing asset.' },
  fileType: { id: 'libraries.upload.error.fileType', defaultMessage: '{ext} files cannot be uploaded to this library.' },
  content: { id: 'libraries.upload.error.content', defaultMessage: 'The file was refused: its content is not a real {ext} file.' },
  tooLarge: { id: 'libraries.upload.error.tooLarge', defaultMessage: 'The file is larger than the upload limit.' },
  parts: { id: 'libraries.upload.error.parts', defaultMessage: 'Some parts could not be uploaded. Try again to resume where it stopped.' },
  network: { id: 'libraries.upload.error.network', defaultMessage: 'The upload was interrupted. Try again to resume where it stopped.' },
  rejected: { id: 'libraries.upload.error.rejected', defaultMessage: 'The server refused the upload: {message}' },
  mismatch: { id: 'libraries.upload.error.mismatch', defaultMessage: 'Choose the same file to resume (same name and size).' },
});

export const extension = (filename: string) => {
  const m = /\.[^.]+$/.exec(filename);
  return m ? m[0].toUpperCase() : filename;
};

export function uploadErrorText(intl: IntlShape, entry: Pick<UploadEntry, 'filename'>, error: UploadError): string {
  const values = { filename: entry.filename, ext: extension(entry.filename), message: error.message ?? '' };
  const d: MessageDescriptor = error.code === 'rejected' && !error.message ? uploadErrors.network : uploadErrors[error.code];
  // The texts differ in which values they use; each gets them all.
  return (intl.formatMessage as (m: MessageDescriptor, v: Record<string, string>) => string)(d, values);
}
