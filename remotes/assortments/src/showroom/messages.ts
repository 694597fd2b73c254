/** The showroom's texts. */
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { CategoryMode, FilterField } from './model';

const showroomMessages = defineMessages({
  title: { id: 'assortments.showroom.title', defaultMessage: 'Showroom' },
  open: { id: 'assortments.showroom.open', defaultMessage: 'Showroom' },
  exit: { id: 'assortments.showroom.exit', defaultMessage: 'Leave the showroom' },
  fullscreen: { id: 'assortments.showroom.fullscreen', defaultMessage: 'Full screen' },
  exitFullscreen: { id: 'assortments.showroom.exitFullscreen', defaultMessage: 'Leave full screen' },
  filters: { id: 'assortments.showroom.filters', defaultMessage: 'Filters' },
  search: { id: 'assortments.showroom.search', defaultMessage: 'Style, colour or name' },
  clear: { id: 'assortments.showroom.clear', defaultMessage: 'Clear filters' },
  any: { id: 'assortments.showroom.any', defaultMessage: 'All' },
  styles: { id: 'assortments.showroom.styles', defaultMessage: '{n, plural, one {# style/colour} other {# styles/colours}}' },
  groups: { id: 'assortments.showroom.groups', defaultMessage: '{n, plural, one {# group} other {# groups}}' },
  openGroup: { id: 'assortments.showroom.openGroup', defaultMessage: 'Present this group' },
  previous: { id: 'assortments.showroom.previous', defaultMessage: 'Previous' },
  next: { id: 'assortments.showroom.next', defaultMessage: 'Next' },
  previousGroup: { id: 'assortments.showroom.previousGroup', defaultMessage: 'Previous group: {title}' },
  nextGroup: { id: 'assortments.showroom.nextGroup', defaultMessage: 'Next group: {title}' },
  position: { id: 'assortments.showroom.position', defaultMessage: '{n, number} of {count, number}' },
  groupPosition: { id: 'assortments.showroom.groupPosition', defaultMessage: 'Group {n, number} of {count, number}' },
  play: { id: 'assortments.showroom.play', defaultMessage: 'Play' },
  pause: { id: 'assortments.showroom.pause', defaultMessage: 'Pause' },
  mode: { id: 'assortments.showroom.mode', defaultMessage: 'Display mode' },
  noMatch: { id: 'assortments.showroom.noMatch', defaultMessage: 'No products match these filters.' },
  empty: { id: 'assortments.showroom.empty', defaultMessage: 'No products added. To get started add your products above.' },
  unknownGroup: { id: 'assortments.showroom.unknownGroup', defaultMessage: 'This group is not in the showroom (any more, or under these filters).' },
  unknownProduct: { id: 'assortments.showroom.unknownProduct', defaultMessage: 'This product is not in the showroom (any more, or under these filters).' },
  loadFailed: { id: 'assortments.showroom.loadFailed', defaultMessage: 'The showroom could not be loaded: {message}' },
  keys: { id: 'assortments.showroom.keys', defaultMessage: '← → to step, Home and End to jump, Esc to go back' },
  config: { id: 'assortments.showroom.config', defaultMessage: 'Showroom settings' },
  configIntro: {
    id: 'assortments.showroom.configIntro',
    defaultMessage: 'How this assortment is presented in the showroom. The groups and their order come from the sort page.',
  },
  statusOnly: { id: 'assortments.showroom.statusOnly', defaultMessage: 'Assortment status only' },
  statusOnlyHint: {
    id: 'assortments.showroom.statusOnlyHint',
    defaultMessage: "Prices, line status and availability of the assortment's location ({location}) only, not of every location the viewer may see.",
  },
  categoryMode: { id: 'assortments.showroom.categoryMode', defaultMessage: 'Groups open in' },
  save: { id: 'assortments.showroom.save', defaultMessage: 'Save' },
  saved: { id: 'assortments.showroom.saved', defaultMessage: 'Showroom settings saved' },
  readOnly: { id: 'assortments.showroom.readOnly', defaultMessage: 'You can view these settings. Changing them needs edit rights on the {channel} channel.' },
  sortPage: { id: 'assortments.showroom.sortPage', defaultMessage: 'Change the groups on the sort page' },
});

export const showroomMsg: Record<keyof typeof showroomMessages, MessageDescriptor> = showroomMessages;

export const modeMsg: Record<CategoryMode, MessageDescriptor> = defineMessages({
  video: { id: 'assortments.showroom.mode.video', defaultMessage: 'Video' },
  catalog: { id: 'assortments.showroom.mode.catalog', defaultMessage: 'Catalog' },
});

export const filterMsg: Record<FilterField, MessageDescriptor> = defineMessages({
  gender: { id: 'assortments.showroom.filter.gender', defaultMessage: 'Gender' },
  division: { id: 'assortments.showroom.filter.division', defaultMessage: 'Division' },
  pillar: { id: 'assortments.showroom.filter.pillar', defaultMessage: 'Pillar' },
  productType: { id: 'assortments.showroom.filter.productType', defaultMessage: 'Product type' },
});
