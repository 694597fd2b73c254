/** The event catalogue (the plugin's events.json, which its Go side embeds too). */
import raw from '../../events.json';

export interface Theme {
  background: string;
  accent: string;
  nav: string[];
  displayMode: DisplayMode;
}

export interface EventInfo {
  id: string;
  season: string;
  year: number;
  theme?: string;
  gated: boolean;
  background: string;
  accent: string;
  pages: string[];
  ads: string[];
}

export type DisplayMode = 'video' | 'catalog';

export interface Catalogue {
  categories: string[];
  current: string;
  previous: string;
  themes: Record<string, Theme>;
  events: EventInfo[];
}

export const catalogue = raw as Catalogue;

export const findEvent = (id: string | undefined) => catalogue.events.find((e) => e.id === id);

/** The content section a page shows (spring23 names its pages advertising and dtc-catalog). */
export const pageSection: Record<string, string> = {
  welcome: 'welcome',
  categories: 'categories',
  ads: 'ads',
  advertising: 'ads',
  sessions: 'sessions',
  marketing: 'marketing',
  catalogs: 'catalogs',
  'dtc-catalog': 'catalogs',
  retail: 'retail',
};

/** Newer events open on landing (after load) and have a dashboard; spring23 opens on its first page. */
export const hasLanding = (e: EventInfo) => e.gated;

export const eventName = (e: EventInfo) => `${e.season} '${String(e.year % 100).padStart(2, '0')}`;
