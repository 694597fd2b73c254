/**
 * dashboard--its: the logged-in home. A greeting, quick links to every area the user may open
 * (from the registry, already filtered by policy) and the published announcements.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import {
  EmptyState,
  Icon,
  Skeleton,
  actions,
  api,
  authzCheck,
  chrome,
  formatTitle,
  getPreference,
  setPreference,
  useCurrentUser,
  useFailureToast,
  useDecisions,
  useModules,
  useOptions,
  usePageTitle,
  withModuleMessages,
  type Announcement,
  type AuthzCheck,
  type ModuleEntry,
  type NavItem,
  type NotificationPage,
} from '@its/kit';
import { loadMessages } from './messages';
import { AnnouncementManager } from './announcements/AnnouncementManager';
import { chartKeys } from './announcements/api';
import './dashboard.css';

/** One line on what each area is for, by nav id; areas not listed show none. */
const hints = defineMessages({
  advertising: { id: 'dashboard.hint.advertising', defaultMessage: 'Campaign assets, ready to download and share.' },
  advertisingLogos: { id: 'dashboard.hint.advertisingLogos', defaultMessage: 'Brand logos in every approved format.' },
  globalRetail: { id: 'dashboard.hint.globalRetail', defaultMessage: 'Visual assets for stores around the world.' },
  globalRetailResources: { id: 'dashboard.hint.globalRetailResources', defaultMessage: 'Guides and resources for retail teams.' },
  productDocuments: { id: 'dashboard.hint.productDocuments', defaultMessage: 'Line sheets, price lists and product documents.' },
  step: { id: 'dashboard.hint.step', defaultMessage: 'Sales training material by season.' },
  advertisingManage: { id: 'dashboard.hint.advertisingManage', defaultMessage: 'Upload, review and publish advertising assets.' },
  globalRetailManage: { id: 'dashboard.hint.globalRetailManage', defaultMessage: 'Upload, review and publish retail assets.' },
  productDocumentsManage: { id: 'dashboard.hint.productDocumentsManage', defaultMessage: 'Upload, review and publish product documents.' },
  stepManage: { id: 'dashboard.hint.stepManage', defaultMessage: 'Upload, review and publish training material.' },
  sampleInventory: { id: 'dashboard.hint.sampleInventory', defaultMessage: 'Production and sales samples: where they are and who has them.' },
  assortments: { id: 'dashboard.hint.assortments', defaultMessage: 'Build, sort and export assortments and line sheets.' },
  internalAssortments: { id: 'dashboard.hint.internalAssortments', defaultMessage: 'The internal product library by channel, season and region.' },
  seasonsManage: { id: 'dashboard.hint.seasonsManage', defaultMessage: 'Add seasons, their covers and who sees them.' },
  assortmentReporting: { id: 'dashboard.hint.assortmentReporting', defaultMessage: 'Reports and charts of assortments, styles and seasons.' },
  products: { id: 'dashboard.hint.products', defaultMessage: 'Every style and colour, with prices and availability.' },
  admin: { id: 'dashboard.hint.admin', defaultMessage: 'Users, access requests and permissions.' },
  prototypes: { id: 'dashboard.hint.prototypes', defaultMessage: 'Try product drag and drop, document previews, category select and product detail.' },
});

/** Icons of the external tools (their titles are the shell's tools.* messages). */
const TOOL_ICONS: Record<string, string> = { travelCalendar: 'plane', keyItemPrice: 'price', spendingApproval: 'approval', upcLookup: 'barcode' };

const TONES = ['blue', 'orange', 'green', 'violet', 'teal', 'rose', 'amber', 'slate'];

interface Tile extends NavItem {
  module: ModuleEntry;
  tone: string;
}

interface TileGroup {
  id: string;
  /** Message id: nav.group.<group> or the module title. */
  title: string;
  tiles: Tile[];
}

/** Every area the registry lets the user open, grouped like the app bar's menus. */
function useTileGroups(modules: ModuleEntry[]): TileGroup[] {
  return useMemo(() => {
    const tiles: Tile[] = [];
    modules.forEach((m, i) => {
      for (const n of m.nav ?? []) {
        if (m.id === 'dashboard' || n.path === '/dashboard') continue;
        tiles.push({ ...n, module: m, tone: TONES[i % TONES.length]! });
      }
    });
    tiles.sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id.localeCompare(b.id));
    const groups = new Map<string, TileGroup>();
    for (const t of tiles) {
      const id = t.group ?? t.module.id;
      let g = groups.get(id);
      if (!g) groups.set(id, (g = { id, title: t.group ? `nav.group.${t.group}` : t.module.title, tiles: [] }));
      g.tiles.push(t);
    }
    return [...groups.values()];
  }, [modules]);
}

const greetings = defineMessages({
  morning: { id: 'dashboard.greeting.morning', defaultMessage: 'Good morning, {name}' },
  afternoon: { id: 'dashboard.greeting.afternoon', defaultMessage: 'Good afternoon, {name}' },
  evening: { id: 'dashboard.greeting.evening', defaultMessage: 'Good evening, {name}' },
});

function greeting(hour: number): MessageDescriptor {
  if (hour < 12) return greetings.morning;
  if (hour < 18) return greetings.afternoon;
  return greetings.evening;
}

function AnnouncementCard({ a }: { a: Announcement }) {
  const start = a.startDate ? new Date(a.startDate) : null;
  const end = a.endDate ? new Date(a.endDate) : null;
  return (
    <article className="dash-news" data-testid="announcement">
      <div className="dash-news__date">
        {start && !Number.isNaN(start.valueOf()) ? (
          <>
            <span className="dash-news__day">
              <FormattedDate value={start} day="2-digit" timeZone="UTC" />
            </span>
            <span className="dash-news__month">
              <FormattedDate value={start} month="short" timeZone="UTC" />
            </span>
          </>
        ) : (
          <Icon name="megaphone" size={20} />
        )}
      </div>
      <div className="dash-news__main">
        <h3 className="dash-news__title">{a.title}</h3>
        {a.body && <p className="dash-news__body">{a.body}</p>}
        <div className="dash-news__meta">
          {end && !Number.isNaN(end.valueOf()) && (
            <span>
              <FormattedMessage
                id="dashboard.announcement.until"
                defaultMessage="Until {date}"
                values={{ date: <FormattedDate value={end} day="numeric" month="short" year="numeric" timeZone="UTC" /> }}
              />
            </span>
          )}
          {a.link && (
            <a className="dash-news__link" href={a.link} target={/^https?:/.test(a.link) ? '_blank' : undefined} rel="noreferrer">
              <FormattedMessage id="dashboard.announcement.open" defaultMessage="Read more" />
              <Icon name="arrowRight" size={14} />
            </a>
          )}
        </div>
      </div>
    </article>
  );
}

const WELCOME_PREF = 'dashboard.welcomeDismissed';

/** Only editors may write announcements; the server enforces it, the button just follows it. */
const MANAGE_CHECKS: AuthzCheck[] = [authzCheck(actions.announcementsManage)];

function Dashboard() {
  const intl = useIntl();
  const user = useCurrentUser();
  const modules = useModules();
  const groups = useTileGroups(modules);
  const tileCount = groups.reduce((n, g) => n + g.tiles.length, 0);
  const tools = useOptions().tools ?? [];
  const canManage = useDecisions(MANAGE_CHECKS).can(actions.announcementsManage.id);
  const [managing, setManaging] = useState(false);
  usePageTitle(intl.formatMessage({ id: 'dashboard.title', defaultMessage: 'Dashboard' }));

  const announcements = useQuery({
    queryKey: chartKeys.published,
    queryFn: () => api.get<Announcement[]>('/charts', { query: { published: true }, silent: true }),
    staleTime: 60_000,
    retry: false,
  });
  useFailureToast(announcements.isError, intl.formatMessage({ id: 'dashboard.announcements.error', defaultMessage: 'Error: Cannot fetch Announcements' }), 'announcements');

  // Shares the shell's notification query (same key): one request for both.
  const notifications = useQuery({
    queryKey: ['notifications', 'all', user?.id],
    queryFn: () => api.post<NotificationPage>('/notifications/all/query', {}, { silent: true }),
    enabled: !!user,
    retry: false,
  });
  const newCount = notifications.data?.newCount ?? 0;

  useEffect(() => {
    if (getPreference(WELCOME_PREF)) return;
    chrome.showBanner({
      id: 'welcome',
      tone: 'brand',
      message: intl.formatMessage({
        id: 'dashboard.welcome',
        defaultMessage: 'Welcome to the new ITS. Everything you may open is one click away below; your language is in the top bar.',
      }),
      onDismiss: () => setPreference(WELCOME_PREF, true),
    });
  }, [intl]);

  const list = Array.isArray(announcements.data) ? announcements.data : [];
  const now = new Date();

  return (
    <div className="dash" data-testid="dashboard">
      <section className="dash-hero">
        <div className="dash-hero__inner">
          <p className="dash-hero__date">
            <FormattedDate value={now} weekday="long" day="numeric" month="long" year="numeric" />
          </p>
          <h1 className="dash-hero__title" data-testid="dashboard-greeting">
            {intl.formatMessage(greeting(now.getHours()), { name: user?.name ?? '' })}
          </h1>
          <p className="dash-hero__lead">
            <FormattedMessage id="dashboard.lead" defaultMessage="Here is what you can work on today." />
          </p>
          <div className="dash-hero__stats">
            <div className="dash-stat">
              <span className="dash-stat__value">{tileCount + tools.length}</span>
              <span className="dash-stat__label">
                <FormattedMessage id="dashboard.stat.areas" defaultMessage="{n, plural, one {area} other {areas}} available" values={{ n: tileCount + tools.length }} />
              </span>
            </div>
            <button type="button" className="dash-stat dash-stat--button" onClick={() => chrome.openNotifications(true)} data-testid="dashboard-notifications">
              <span className="dash-stat__value">{newCount}</span>
              <span className="dash-stat__label">
                <FormattedMessage id="dashboard.stat.notifications" defaultMessage="new {n, plural, one {notification} other {notifications}}" values={{ n: newCount }} />
              </span>
            </button>
            <div className="dash-stat">
              <span className="dash-stat__value">{list.length}</span>
              <span className="dash-stat__label">
                <FormattedMessage id="dashboard.stat.announcements" defaultMessage="{n, plural, one {announcement} other {announcements}}" values={{ n: list.length }} />
              </span>
            </div>
          </div>
        </div>
      </section>

      <div className="dash-body">
        <section className="dash-section" aria-labelledby="dash-areas" data-testid="quick-links">
          <div className="dash-section__head">
            <h2 id="dash-areas" className="dash-section__title">
              <FormattedMessage id="dashboard.areas.title" defaultMessage="Your areas" />
            </h2>
            <p className="dash-section__sub">
              <FormattedMessage id="dashboard.areas.sub" defaultMessage="Quick links to everything your role may open." />
            </p>
          </div>
          {tileCount === 0 && tools.length === 0 ? (
            <EmptyState icon="lock" title={<FormattedMessage id="dashboard.areas.empty" defaultMessage="No areas are open to you yet. Ask your administrator for access." />} />
          ) : (
            <div className="dash-groups">
              {groups.map((g) => (
                <div key={g.id} className="dash-group" data-group={g.id}>
                  <h3 className="dash-group__title">{formatTitle(intl, g.title)}</h3>
                  <div className="dash-tiles">
                    {g.tiles.map((t) => {
                      const hint = hints[t.id as keyof typeof hints];
                      return (
                        <Link key={`${t.module.id}:${t.id}`} to={t.path} className={`dash-tile dash-tile--${t.tone}`} data-testid="quick-link" data-nav-id={t.id} data-module-id={t.module.id}>
                          <span className="dash-tile__icon">
                            <Icon name={t.icon ?? 'app'} size={22} />
                          </span>
                          <span className="dash-tile__text">
                            <span className="dash-tile__title">{formatTitle(intl, t.title)}</span>
                            {hint && <span className="dash-tile__hint">{intl.formatMessage(hint)}</span>}
                          </span>
                          <Icon name="arrowRight" size={18} className="dash-tile__arrow" />
                        </Link>
                      );
                    })}
                  </div>
                </div>
              ))}
              {tools.length > 0 && (
                <div className="dash-group" data-group="tools">
                  <h3 className="dash-group__title">
                    <FormattedMessage id="dashboard.tools.title" defaultMessage="External tools" />
                  </h3>
                  <div className="dash-tiles">
                    {tools.map((t) => (
                      <a key={`tool:${t.id}`} href={t.url} target="_blank" rel="noreferrer" className="dash-tile dash-tile--slate" data-testid="quick-link" data-tool-id={t.id}>
                        <span className="dash-tile__icon">
                          <Icon name={TOOL_ICONS[t.id] ?? 'external'} size={22} />
                        </span>
                        <span className="dash-tile__text">
                          <span className="dash-tile__title">{formatTitle(intl, `tool.${t.id}`)}</span>
                          <span className="dash-tile__hint">
                            <FormattedMessage id="dashboard.tools.hint" defaultMessage="Opens in a new tab." />
                          </span>
                        </span>
                        <Icon name="external" size={16} className="dash-tile__arrow" />
                      </a>
                    ))}
                  </div>
                </div>
              )}
            </div>
          )}
        </section>

        <aside className="dash-section dash-section--news" aria-labelledby="dash-news">
          <div className="dash-section__head dash-section__head--row">
            <h2 id="dash-news" className="dash-section__title">
              <FormattedMessage id="dashboard.announcements.title" defaultMessage="Announcements" />
            </h2>
            {canManage && (
              <button type="button" className="its-btn its-btn--secondary dash-news__manage" onClick={() => setManaging(true)} data-testid="announcements-manage">
                <Icon name="edit" size={16} />
                <FormattedMessage id="dashboard.announcements.manage" defaultMessage="Manage" />
              </button>
            )}
          </div>
          <div className="dash-news-list" data-testid="announcements">
            {announcements.isPending &&
              [0, 1, 2].map((i) => (
                <div key={i} className="dash-news dash-news--skeleton">
                  <Skeleton width={48} height={48} radius={10} />
                  <div className="dash-news__main">
                    <Skeleton width="70%" />
                    <Skeleton width="95%" height={10} />
                    <Skeleton width="55%" height={10} />
                  </div>
                </div>
              ))}
            {!announcements.isPending && list.length === 0 && (
              <EmptyState icon="megaphone" title={<FormattedMessage id="dashboard.announcements.empty" defaultMessage="No announcements right now." />} />
            )}
            {list.map((a) => (
              <AnnouncementCard key={a._id} a={a} />
            ))}
          </div>
        </aside>
      </div>
      {canManage && <AnnouncementManager open={managing} onClose={() => setManaging(false)} />}
    </div>
  );
}

export default withModuleMessages(Dashboard, loadMessages);
