/** The custom content's texts (sort page editor, showroom divider). */
import { defineMessages, type MessageDescriptor } from 'react-intl';

const contentMessages = defineMessages({
  edit: { id: 'assortments.content.edit', defaultMessage: 'Custom content' },
  editor: { id: 'assortments.content.editor', defaultMessage: 'Custom content of {title}' },
  html: { id: 'assortments.content.html', defaultMessage: 'Text (HTML)' },
  htmlHint: { id: 'assortments.content.htmlHint', defaultMessage: 'Headings, paragraphs, lists, links and images. Scripts and styles are removed.' },
  preview: { id: 'assortments.content.preview', defaultMessage: 'Preview' },
  previewEmpty: { id: 'assortments.content.previewEmpty', defaultMessage: 'Nothing to show yet.' },
  image: { id: 'assortments.content.image', defaultMessage: 'Preview image' },
  imageHint: { id: 'assortments.content.imageHint', defaultMessage: 'JPEG, PNG or GIF, up to {size}' },
  source: { id: 'assortments.content.source', defaultMessage: 'Source file' },
  sourceHint: { id: 'assortments.content.sourceHint', defaultMessage: 'An image, PDF, Photoshop or Illustrator file, up to {size}' },
  choose: { id: 'assortments.content.choose', defaultMessage: 'Choose a file…' },
  replace: { id: 'assortments.content.replace', defaultMessage: 'Replace…' },
  remove: { id: 'assortments.content.remove', defaultMessage: 'Remove' },
  uploading: { id: 'assortments.content.uploading', defaultMessage: 'Uploading {name}: {percent, number, percent}' },
  uploaded: { id: 'assortments.content.uploaded', defaultMessage: '{name} uploaded' },
  badType: { id: 'assortments.content.badType', defaultMessage: '{name} cannot be used here: choose a file of one of these types: {types}' },
  tooLarge: { id: 'assortments.content.tooLarge', defaultMessage: '{name} is larger than the limit of {size}' },
  tooLong: { id: 'assortments.content.tooLong', defaultMessage: 'The text is {size} long; the limit is {limit}. Shorten it to save.' },
  uploadFailed: { id: 'assortments.content.uploadFailed', defaultMessage: '{name} could not be uploaded: {message}' },
  // Platform spec §8: the object storage did not take the attachment.
  storageFailed: { id: 'assortments.content.storageFailed', defaultMessage: 'Error: Attachment failed upload to Amazon S3' },
  download: { id: 'assortments.content.download', defaultMessage: 'Download {name}' },
  close: { id: 'assortments.content.close', defaultMessage: 'Close' },
  hasContent: { id: 'assortments.content.has', defaultMessage: 'Has custom content' },
  imageAlt: { id: 'assortments.content.imageAlt', defaultMessage: 'Image of {title}' },
});

/** The texts, typed loosely: values are checked by the formatter at run time. */
export const contentMsg: Record<keyof typeof contentMessages, MessageDescriptor> = contentMessages;
