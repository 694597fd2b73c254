/** Texts of the reporting page. */
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { ReportRoute } from './api';

const messages = defineMessages({
  title: { id: 'reporting.title', defaultMessage: 'Reporting' },
  intro: { id: 'reporting.intro', defaultMessage: 'Assortments and styles of every user, by season, channel and region. Narrow them below, then download a report as Excel.' },
  filters: { id: 'reporting.filters', defaultMessage: 'Filters' },
  seasons: { id: 'reporting.field.seasons', defaultMessage: 'Seasons' },
  seasonsHint: { id: 'reporting.field.seasonsHint', defaultMessage: 'Comma separated, like FA 2025, SP 2026' },
  dateStart: { id: 'reporting.field.dateStart', defaultMessage: 'Created from' },
  dateEnd: { id: 'reporting.field.dateEnd', defaultMessage: 'Created until' },
  accounts: { id: 'reporting.field.accounts', defaultMessage: 'Accounts' },
  accountsHint: { id: 'reporting.field.accountsHint', defaultMessage: 'Customer account numbers, comma separated' },
  territories: { id: 'reporting.field.territories', defaultMessage: 'Territories' },
  territoriesHint: { id: 'reporting.field.territoriesHint', defaultMessage: 'Like US-WEST, comma separated' },
  keyInitiative: { id: 'reporting.keyInitiative', defaultMessage: 'Key initiative' },
  channel: { id: 'reporting.field.channel', defaultMessage: 'Channel' },
  region: { id: 'reporting.field.region', defaultMessage: 'Region' },
  productType: { id: 'reporting.field.productType', defaultMessage: 'Product type' },
  season: { id: 'reporting.field.season', defaultMessage: 'Season code' },
  year: { id: 'reporting.field.year', defaultMessage: 'Year' },
  any: { id: 'reporting.any', defaultMessage: 'Any' },
  apply: { id: 'reporting.apply', defaultMessage: 'Apply' },
  reset: { id: 'reporting.reset', defaultMessage: 'Clear' },
  charts: { id: 'reporting.charts', defaultMessage: 'Overview' },
  bySeason: { id: 'reporting.chart.season', defaultMessage: 'Per season' },
  byChannel: { id: 'reporting.chart.channel', defaultMessage: 'Per channel' },
  byRegion: { id: 'reporting.chart.region', defaultMessage: 'Per region' },
  seriesAssortments: { id: 'reporting.series.assortments', defaultMessage: 'Assortments' },
  seriesStyles: { id: 'reporting.series.styles', defaultMessage: 'Styles' },
  none: { id: 'reporting.none', defaultMessage: '(none)' },
  noData: { id: 'reporting.noData', defaultMessage: 'No assortments match these filters.' },
  loadFailed: { id: 'reporting.loadFailed', defaultMessage: 'The charts could not be loaded: {message}' },
  reports: { id: 'reporting.reports', defaultMessage: 'Reports' },
  download: { id: 'reporting.download', defaultMessage: 'Download' },
  cancel: { id: 'reporting.cancel', defaultMessage: 'Cancel' },
  started: { id: 'reporting.started', defaultMessage: 'Building {name}… {progress}%' },
  done: { id: 'reporting.done', defaultMessage: 'Report downloaded' },
  failed: { id: 'reporting.failed', defaultMessage: 'The report could not be built: {message}' },
  cancelled: { id: 'reporting.cancelled', defaultMessage: 'Your document has been canceled' },
});

/** The texts, typed loosely: values are checked by the formatter at run time. */
export const rmsg: Record<keyof typeof messages, MessageDescriptor> = messages;

/** Each report's name and what it holds. */
export const reportTexts: Record<ReportRoute, { title: MessageDescriptor; help: MessageDescriptor }> = {
  assortments: defineMessages({
    title: { id: 'reporting.report.assortments', defaultMessage: 'Assortments' },
    help: { id: 'reporting.report.assortmentsHelp', defaultMessage: 'One row per assortment: customer, account, territory, owner, season, styles, products, quantity and dates.' },
  }),
  styles: defineMessages({
    title: { id: 'reporting.report.styles', defaultMessage: 'Styles' },
    help: { id: 'reporting.report.stylesHelp', defaultMessage: 'One row per style and season, channel and region, with how many assortments hold it.' },
  }),
  seasons: defineMessages({
    title: { id: 'reporting.report.seasons', defaultMessage: 'Seasons' },
    help: { id: 'reporting.report.seasonsHelp', defaultMessage: 'One row per season, channel and region: assortments, styles, products and quantity.' },
  }),
};
