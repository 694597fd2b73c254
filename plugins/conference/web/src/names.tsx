/** Names the pages show: events, pages, navigation tabs and display modes, in the user's language. */
import { defineMessages, type MessageDescriptor, FormattedMessage, type IntlShape } from 'react-intl';
import { eventName, type EventInfo } from './catalogue';

export const BASE = '/global/conference';

/** Messages whose values are checked where they are formatted (react-intl's typed descriptors are too strict for a table). */
export const untyped = <T extends Record<string, MessageDescriptor>>(x: T): Record<keyof T, MessageDescriptor> => x;

const pageNames = untyped(defineMessages({
  welcome: { id: 'conference.page.welcome', defaultMessage: 'Welcome' },
  categories: { id: 'conference.page.categories', defaultMessage: 'Categories' },
  ads: { id: 'conference.page.ads', defaultMessage: 'Ads' },
  advertising: { id: 'conference.page.advertising', defaultMessage: 'Advertising' },
  sessions: { id: 'conference.page.sessions', defaultMessage: 'General Sessions' },
  marketing: { id: 'conference.page.marketing', defaultMessage: 'Marketing' },
  catalogs: { id: 'conference.page.catalogs', defaultMessage: 'DTC Catalogs' },
  'dtc-catalog': { id: 'conference.page.dtcCatalog', defaultMessage: 'DTC Catalog' },
  retail: { id: 'conference.page.retail', defaultMessage: 'Retail Openings' },
}));

const tabNames = untyped(defineMessages({
  Womens: { id: 'conference.tab.womens', defaultMessage: 'Womens' },
  Mens: { id: 'conference.tab.mens', defaultMessage: 'Mens' },
  Kids: { id: 'conference.tab.kids', defaultMessage: 'Kids' },
  Unisex: { id: 'conference.tab.unisex', defaultMessage: 'Unisex' },
  Marketing: { id: 'conference.tab.marketing', defaultMessage: 'Marketing' },
  Work: { id: 'conference.tab.work', defaultMessage: 'Work' },
  BTS: { id: 'conference.tab.bts', defaultMessage: 'BTS' },
  International: { id: 'conference.tab.international', defaultMessage: 'International' },
  Performance: { id: 'conference.tab.performance', defaultMessage: 'Performance' },
  Social: { id: 'conference.tab.social', defaultMessage: 'Social' },
  Radio: { id: 'conference.tab.radio', defaultMessage: 'Radio' },
  Apparel: { id: 'conference.tab.apparel', defaultMessage: 'Apparel' },
}));

const seasons = untyped(defineMessages({
  Spring: { id: 'conference.season.spring', defaultMessage: "Spring ''{yy}" },
  Fall: { id: 'conference.season.fall', defaultMessage: "Fall ''{yy}" },
}));

export const pageName = (intl: IntlShape, page: string) => (pageNames[page as keyof typeof pageNames] ? intl.formatMessage(pageNames[page as keyof typeof pageNames]) : page);
export const tabName = (intl: IntlShape, tab: string) => (tabNames[tab as keyof typeof tabNames] ? intl.formatMessage(tabNames[tab as keyof typeof tabNames]) : tab);
export const seasonName = (intl: IntlShape, e: EventInfo) =>
  seasons[e.season as keyof typeof seasons] ? intl.formatMessage(seasons[e.season as keyof typeof seasons], { yy: String(e.year % 100).padStart(2, '0') }) : eventName(e);

export function ModeName({ mode }: { mode: 'video' | 'catalog' }) {
  return mode === 'video' ? (
    <FormattedMessage id="conference.mode.video" defaultMessage="Video" />
  ) : (
    <FormattedMessage id="conference.mode.catalog" defaultMessage="Catalog" />
  );
}

