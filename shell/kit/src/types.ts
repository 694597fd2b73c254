/** Shapes of the ITS HTTP API the frontend reads (see docs/api.md). */
import type { Locale } from './locales';

export interface Permission {
  domain: string;
  role: string;
  channel?: string;
  region?: string;
  productType?: string;
}

export interface User {
  id: string;
  name: string;
  lastName: string;
  fullName: string;
  email: string;
  userCode?: string;
  userActiveLocation?: string;
  strategy?: string;
  departmentAccess?: string[];
  permissions?: Permission[];
  flags?: string[];
  entity?: string;
  country?: string;
  language?: string;
}

export interface SessionAnswer {
  user: User;
  csrfToken?: string;
  idleExpiresAt?: string;
  absoluteExpiresAt?: string;
}

export interface PublicOptions {
  languages?: string[];
  defaultLanguage?: string;
  timeZone?: string;
  version?: string;
  supportEmail?: string;
}

export interface Tool {
  id: string;
  url: string;
}

export interface LoggedInOptions extends PublicOptions {
  userTimeoutMs?: number;
  userWarningMs?: number;
  pingIntervalMs?: number;
  tools?: Tool[];
  helpEnabled?: boolean;
}

export interface NavItem {
  id: string;
  title: string;
  path: string;
  action?: string;
  /** The resource the action is asked about (e.g. {libraryType: 'AdvertisingAsset'}). */
  resource?: Record<string, unknown>;
  order?: number;
  icon?: string;
  /** Items of one group share a menu in the app bar (nav.group.<group> names it). */
  group?: string;
  /** The title's text by locale, from the manifest (the shell's catalog keeps its own text for an id it holds). */
  titles?: Partial<Record<Locale, string>>;
  /** The group's title (nav.group.<group>) by locale, on the entry of the group that words it. */
  groupTitles?: Partial<Record<Locale, string>>;
}

export type Layout = 'main' | 'headless' | 'conference' | 'public';

/** The spec's route meta (§2.5), carried with each route. */
export interface RouteMeta {
  manageType?: string;
  internalChannelType?: string;
  collectionType?: string;
  orderType?: string;
  orderSubtype?: string;
  allowCoordinatorChange?: boolean;
  queryRequest?: unknown;
  [key: string]: unknown;
}

export interface ModuleRoute {
  path: string;
  name: string;
  expose: string;
  action?: string;
  resource?: Record<string, unknown>;
  layout?: Layout;
  meta?: RouteMeta;
}

export interface ModuleEntry {
  id: string;
  title: string;
  /** The title's text by locale, from the manifest: how a plugin installed at run time words its title. */
  titles?: Partial<Record<Locale, string>>;
  remote?: { name: string; entry: string };
  nav?: NavItem[];
  routes?: ModuleRoute[];
}

/**
 * A permission question. The action is a string because the registry passes on the actions of
 * whatever modules the server runs; code of ITS builds checks with authzCheck and the generated
 * actions.
 */
export interface AuthzCheck {
  action: string;
  resource?: Record<string, unknown>;
}

export type NotificationState = 'New' | 'Read';

export interface NotificationItem {
  id: string;
  type: string;
  title: string;
  body?: string;
  /** The message id (of the shell's catalogs) the drawer words it with; title and body are English text for rows without one. */
  messageId?: string;
  values?: Record<string, string | number>;
  state: NotificationState;
  createdDate?: string;
  link?: string;
}

export interface NotificationPage {
  items: NotificationItem[];
  total: number;
  newCount: number;
}

export interface Announcement {
  _id: string;
  title: string;
  body?: string;
  published?: boolean;
  startDate?: string;
  endDate?: string;
  link?: string;
}
