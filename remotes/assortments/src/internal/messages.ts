/** The internal assortments' texts. */
import { defineMessages, type MessageDescriptor } from 'react-intl';

const internalMessages = defineMessages({
  title: { id: 'assortments.internal.title', defaultMessage: 'Internal assortments' },
  channelTitle: { id: 'assortments.internal.channelTitle', defaultMessage: '{channel, select, Wholesale {Wholesale} Retail {Retail} other {{channel}}} internal assortments' },
  channelTab: { id: 'assortments.internal.channelTab', defaultMessage: '{channel, select, Wholesale {Wholesale} Retail {Retail} other {{channel}}}' },
  channels: { id: 'assortments.internal.channels', defaultMessage: 'Channels' },
  allRegions: { id: 'assortments.internal.allRegions', defaultMessage: 'All regions' },
  allSeasons: { id: 'assortments.internal.allSeasons', defaultMessage: 'All seasons' },
  newButton: { id: 'assortments.internal.new', defaultMessage: 'New assortment' },
  dialogTitle: { id: 'assortments.internal.dialogTitle', defaultMessage: 'Select Assortment Attributes' },
  create: { id: 'assortments.internal.create', defaultMessage: 'Create assortment' },
  productsFrom: { id: 'assortments.internal.productsFrom', defaultMessage: 'Products' },
  fromQuery: { id: 'assortments.internal.fromQuery', defaultMessage: 'From a product query' },
  empty: { id: 'assortments.internal.emptyStart', defaultMessage: 'Empty: add products later' },
  queryHint: {
    id: 'assortments.internal.queryHint',
    defaultMessage: 'Every catalog product of the chosen gender, product type and these filters, at most {max} products.',
  },
  anyValue: { id: 'assortments.internal.anyValue', defaultMessage: 'Any' },
  none: { id: 'assortments.internal.none', defaultMessage: 'No internal assortments here yet.' },
  readOnly: { id: 'assortments.internal.readOnly', defaultMessage: 'You can view these assortments. Creating one needs internal assortment edit rights on this channel.' },
  published: { id: 'assortments.internal.published', defaultMessage: 'Internal assortments are always published.' },
  pillar: { id: 'assortments.internal.pillar', defaultMessage: 'Pillar' },
  division: { id: 'assortments.internal.division', defaultMessage: 'Division' },
  productSeason: { id: 'assortments.internal.productSeason', defaultMessage: 'Product season' },
});

export const imsg: Record<keyof typeof internalMessages, MessageDescriptor> = internalMessages;
