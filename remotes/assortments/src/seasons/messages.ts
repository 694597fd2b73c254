/** The seasons manager's texts and field names. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

const messages = defineMessages({
  eyebrow: { id: 'seasons.eyebrow', defaultMessage: 'Internal assortments' },
  title: { id: 'seasons.title', defaultMessage: 'Manage Seasons' },
  newSeason: { id: 'seasons.new.button', defaultMessage: 'New season' },
  created: { id: 'seasons.toast.created', defaultMessage: 'Season created succesfully' },
  saved: { id: 'seasons.toast.saved', defaultMessage: 'Season {name} saved' },
  stateChanged: { id: 'seasons.toast.state', defaultMessage: '{name} is now {state}' },
  deleted: { id: 'seasons.toast.deleted', defaultMessage: 'Season {name} deleted' },
  coverUploaded: { id: 'seasons.toast.cover', defaultMessage: 'Cover of {name} uploaded; its preview follows shortly' },
  failed: { id: 'seasons.toast.failed', defaultMessage: 'The change was not saved: {message}' },
  all: { id: 'seasons.channel.all', defaultMessage: 'All channels' },
  channels: { id: 'seasons.channels', defaultMessage: 'Season channels' },
  empty: { id: 'seasons.empty', defaultMessage: 'No seasons yet. Create the first one with New season.' },
  noCover: { id: 'seasons.cover.none', defaultMessage: 'No cover' },
  coverAlt: { id: 'seasons.cover.alt', defaultMessage: 'Cover of {name}' },
  uploadCover: { id: 'seasons.menu.cover', defaultMessage: 'Upload cover…' },
  editSets: { id: 'seasons.menu.edit', defaultMessage: 'Edit season sets…' },
  remove: { id: 'seasons.menu.delete', defaultMessage: 'Delete season' },
  setState: { id: 'seasons.menu.state', defaultMessage: 'Set {state}' },
  deleteTitle: { id: 'seasons.delete.title', defaultMessage: 'Delete the season {name}?' },
  deleteText: { id: 'seasons.delete.text', defaultMessage: 'The season, its season sets and its cover are removed. This cannot be undone.' },
  deleteYes: { id: 'seasons.delete.yes', defaultMessage: 'Delete' },
  cancel: { id: 'seasons.action.cancel', defaultMessage: 'Cancel' },
  stateOf: { id: 'seasons.state.label', defaultMessage: 'State of {name}' },
  dialogNew: { id: 'seasons.dialog.new', defaultMessage: 'New season' },
  dialogEdit: { id: 'seasons.dialog.edit', defaultMessage: 'Season {name}' },
  create: { id: 'seasons.dialog.create', defaultMessage: 'Create season' },
  save: { id: 'seasons.dialog.save', defaultMessage: 'Save' },
  sets: { id: 'seasons.dialog.sets', defaultMessage: 'Season sets' },
  addSet: { id: 'seasons.dialog.addSet', defaultMessage: 'Add season set' },
  removeSet: { id: 'seasons.dialog.removeSet', defaultMessage: 'Remove season set {name}' },
  cover: { id: 'seasons.dialog.cover', defaultMessage: 'Cover image (JPEG)' },
  coverHint: { id: 'seasons.dialog.coverHint', defaultMessage: 'Saved as sourceFile.jpg in the season folder; a preview.jpg is made from it.' },
  errorYear: { id: 'seasons.error.year', defaultMessage: 'The year is between 2000 and 2100.' },
  errorShortName: { id: 'seasons.error.shortName', defaultMessage: 'Every season set needs a short name, unique in the season.' },
  errorCover: { id: 'seasons.error.cover', defaultMessage: 'The cover must be a JPEG image.' },
  cannotSave: { id: 'seasons.error.save', defaultMessage: 'The season was not saved: {message}' },
});

export const smsg: Record<keyof typeof messages, MessageDescriptor> = messages;

/** Column and field names of the seasons screens. */
const seasonFields: Record<string, MessageDescriptor | undefined> = defineMessages({
  previewJpg: { id: 'seasons.field.cover', defaultMessage: 'Cover' },
  season: { id: 'seasons.field.season', defaultMessage: 'Season' },
  year: { id: 'seasons.field.year', defaultMessage: 'Year' },
  channel: { id: 'seasons.field.channel', defaultMessage: 'Channel' },
  state: { id: 'seasons.field.state', defaultMessage: 'State' },
  setNames: { id: 'seasons.field.sets', defaultMessage: 'Season sets' },
  shortName: { id: 'seasons.field.shortName', defaultMessage: 'Short name' },
  productType: { id: 'seasons.field.productType', defaultMessage: 'Product type' },
  region: { id: 'seasons.field.region', defaultMessage: 'Region' },
  orgType: { id: 'seasons.field.orgType', defaultMessage: 'Org type' },
  method: { id: 'seasons.field.method', defaultMessage: 'Method' },
  modifiedDate: { id: 'seasons.field.modified', defaultMessage: 'Modified' },
});

/** Season states in the user's language. */
const stateNames: Record<string, MessageDescriptor | undefined> = defineMessages({
  Live: { id: 'seasons.state.live', defaultMessage: 'Live' },
  Preparation: { id: 'seasons.state.preparation', defaultMessage: 'Preparation' },
  Archived: { id: 'seasons.state.archived', defaultMessage: 'Archived' },
});

/** A field's name in the user's language (the field itself when it has none). */
export const seasonField = (intl: IntlShape, field: string): string => {
  const d = seasonFields[field];
  return d ? intl.formatMessage(d) : field;
};

/** A season state in the user's language. */
export const stateName = (intl: IntlShape, state: string): string => {
  const d = stateNames[state];
  return d ? intl.formatMessage(d) : state;
};
