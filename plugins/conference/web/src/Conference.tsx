/**
 * The global conference (product spec §2.3): the index of the seven microsites and each event's
 * site. Newer events open on landing, which redirects to load until the event data is loaded;
 * their dashboard and pages need one of the three conference group flags (the server answers 403
 * otherwise, and the user is sent to /). spring23 has welcome, advertising, categories, retail,
 * marketing and dtc-catalog with no gate.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { EmptyState, Spinner, useDecisions, usePageTitle, withModuleMessages, type AuthzCheck } from '@its/kit';
import { forbidden, itemsOf, useEventData, useThemeState, type EventData, type Item } from './api';
import { catalogue, findEvent, hasLanding, pageSection, type EventInfo } from './catalogue';
import { loadMessages } from './messages';
import { CategoryViewer } from './CategoryViewer';
import { BASE, ModeName, pageName, seasonName, tabName, untyped } from './names';
import { MediaGrid, Player } from './media';
import './conference.css';


const m = untyped(defineMessages({
  title: { id: 'conference.title', defaultMessage: 'Global conference' },
  lead: { id: 'conference.lead', defaultMessage: 'Category films, advertising, general sessions and catalogs of every season, in one place.' },
  open: { id: 'conference.open', defaultMessage: 'Open' },
  current: { id: 'conference.current', defaultMessage: 'Current' },
  previous: { id: 'conference.previous', defaultMessage: 'Previous' },
  open4all: { id: 'conference.ungated', defaultMessage: 'Open to everyone' },
  groups: { id: 'conference.gated', defaultMessage: 'Conference groups' },
  manage: { id: 'conference.manage', defaultMessage: 'Manage content' },
  loading: { id: 'conference.loading', defaultMessage: 'Loading {event}…' },
  loadingFiles: { id: 'conference.loadingFiles', defaultMessage: '{done} of {total} files ready' },
  enter: { id: 'conference.enter', defaultMessage: 'Enter the conference' },
  skipIntro: { id: 'conference.skipIntro', defaultMessage: 'Skip intro' },
  replayIntro: { id: 'conference.replayIntro', defaultMessage: 'Replay intro' },
  mode: { id: 'conference.mode', defaultMessage: 'Display mode' },
  dashboard: { id: 'conference.dashboard', defaultMessage: 'Dashboard' },
  allEvents: { id: 'conference.allEvents', defaultMessage: 'All events' },
  items: { id: 'conference.items', defaultMessage: '{count, plural, one {# item} other {# items}}' },
  notFound: { id: 'conference.notFound', defaultMessage: 'There is no conference site {event}.' },
  empty: { id: 'conference.empty', defaultMessage: 'No content has been published here yet.' },
  failed: { id: 'conference.failed', defaultMessage: 'The conference site could not be loaded.' },
}));

/** Events whose data finished loading in this page's life: landing shows only after load. */
const loaded = new Set<string>();

function EventCard({ e }: { e: EventInfo }) {
  const intl = useIntl();
  const role = e.theme === catalogue.current ? m.current : e.theme === catalogue.previous ? m.previous : null;
  return (
    <Link to={`${BASE}/${e.id}`} className="cf-card" style={{ background: `linear-gradient(135deg, ${e.background}, #111)` }} data-testid={`conference-event-${e.id}`}>
      <span className="cf-card__ring" style={{ borderColor: e.accent }} />
      <span className="cf-card__kicker" style={{ color: e.accent }}>
        {intl.formatMessage(e.gated ? m.groups : m.open4all)}
        {role && <span className="cf-badge" style={{ background: e.accent }}>{intl.formatMessage(role)}</span>}
      </span>
      <span className="cf-card__title">{seasonName(intl, e)}</span>
      <span className="cf-card__pages">{e.pages.map((p) => pageName(intl, p)).join(' · ')}</span>
      <span className="cf-card__open" style={{ color: e.accent }}>{intl.formatMessage(m.open)} →</span>
    </Link>
  );
}

const manageCheck: AuthzCheck[] = [{ action: 'conference.manage' }];

function IndexPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const decisions = useDecisions(manageCheck);
  return (
    <div className="cf-index" data-testid="conference-index">
      <header className="cf-index__hero">
        <h1>{intl.formatMessage(m.title)}</h1>
        <p>{intl.formatMessage(m.lead)}</p>
        {decisions.allowed[0] && (
          <Link className="cf-index__manage" to={`${BASE}/manage`} data-testid="conference-manage-link">
            {intl.formatMessage(m.manage)}
          </Link>
        )}
      </header>
      <div className="cf-index__grid">
        {catalogue.events.map((e) => (
          <EventCard key={e.id} e={e} />
        ))}
      </div>
    </div>
  );
}

/** The event's frame: its colours, its name and the navigation of its pages. */
function Frame({ e, data, page, children }: { e: EventInfo; data?: EventData; page: string; children: ReactNode }) {
  const intl = useIntl();
  const nav = data?.theme?.config.nav ?? e.pages;
  return (
    <div className="cf-site" style={{ ['--cf-bg' as string]: data?.theme?.config.background ?? e.background, ['--cf-accent' as string]: e.accent }} data-testid={`conference-site-${e.id}`}>
      <header className="cf-site__bar">
        <Link to={BASE} className="cf-site__back">
          ← {intl.formatMessage(m.allEvents)}
        </Link>
        <Link to={`${BASE}/${e.id}`} className="cf-site__name">
          {seasonName(intl, e)}
        </Link>
        <nav className="cf-site__nav" aria-label={seasonName(intl, e)}>
          {hasLanding(e) && (
            <Link to={`${BASE}/${e.id}/dashboard`} className={page === 'dashboard' ? 'is-current' : ''}>
              {intl.formatMessage(m.dashboard)}
            </Link>
          )}
          {nav.map((p) => (
            <Link key={p} to={`${BASE}/${e.id}/${p}`} className={page === p ? 'is-current' : ''} data-testid={`conference-nav-${p}`}>
              {pageName(intl, p)}
            </Link>
          ))}
        </nav>
      </header>
      <div className="cf-site__body">{children}</div>
    </div>
  );
}

/** load: fetches the event's data and warms its posters, then opens landing. */
function LoadPage({ e }: { e: EventInfo }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const q = useEventData(e.id);
  const posters = useMemo(() => (q.data?.items ?? []).map((i) => i.posterUrl ?? (i.kind === 'image' ? i.url : undefined)).filter((u): u is string => !!u).slice(0, 24), [q.data]);
  useEffect(() => {
    if (!q.data || q.data.preparing) return;
    let alive = true;
    void Promise.all(
      posters.map(
        (src) =>
          new Promise<void>((ok) => {
            const img = new Image();
            img.onload = img.onerror = () => ok();
            img.src = src;
          }),
      ),
    ).then(() => {
      if (!alive) return;
      loaded.add(e.id);
      navigate(`${BASE}/${e.id}/landing`, { replace: true });
    });
    return () => {
      alive = false;
    };
  }, [q.data, posters, e.id, navigate]);
  if (q.error && forbidden(q.error)) return <Navigate to="/" replace />;
  return (
    <div className="cf-load" style={{ background: e.background }} data-testid="conference-load">
      <div className="cf-load__mark" style={{ borderColor: e.accent }} />
      <h1>{seasonName(intl, e)}</h1>
      <p>{intl.formatMessage(m.loading, { event: seasonName(intl, e) })}</p>
      {q.data && <p className="cf-load__count">{intl.formatMessage(m.loadingFiles, { done: posters.length, total: posters.length })}</p>}
      <Spinner size={24} />
    </div>
  );
}

/** landing: the event's theme (background, nav, display mode, intro). */
function LandingPage({ e, data }: { e: EventInfo; data: EventData }) {
  const intl = useIntl();
  const theme = data.theme;
  const state = useThemeState(e.id);
  const intro = itemsOf(data, 'sessions').find((i) => i.kind === 'video') ?? itemsOf(data, 'categories').find((i) => i.kind === 'video');
  const showIntro = !!theme && !theme.state.introPlayed && !!intro;
  const finishIntro = () => state.mutate({ introPlayed: true });
  const featured = data.categories.map((c) => ({ c, item: itemsOf(data, 'categories', c).find((i) => i.posterUrl || i.kind === 'image') }));
  return (
    <div className={`cf-landing cf-landing--${theme?.id ?? 'classic'}`} style={{ background: theme?.config.background ?? e.background }} data-testid="conference-landing">
      {showIntro && intro && (
        <div className="cf-intro" data-testid="conference-intro">
          <Player item={intro} autoPlay onEnded={finishIntro} />
          <button type="button" className="cf-btn cf-btn--ghost" onClick={finishIntro} data-testid="conference-skip-intro">
            {intl.formatMessage(m.skipIntro)}
          </button>
        </div>
      )}
      <div className="cf-landing__hero" style={{ ['--cf-accent' as string]: theme?.config.accent ?? e.accent }}>
        <span className="cf-landing__art" aria-hidden />
        <p className="cf-landing__kicker" style={{ color: e.accent }}>
          {intl.formatMessage(m.title)}
          {theme?.role && <span className="cf-badge" style={{ background: e.accent }}>{intl.formatMessage(theme.role === 'current' ? m.current : m.previous)}</span>}
        </p>
        <h1>{seasonName(intl, e)}</h1>
        <div className="cf-landing__actions">
          <Link to={`${BASE}/${e.id}/dashboard`} className="cf-btn" style={{ background: e.accent }} data-testid="conference-enter">
            {intl.formatMessage(m.enter)}
          </Link>
          {theme?.state.introPlayed && intro && (
            <button type="button" className="cf-btn cf-btn--ghost" onClick={() => state.mutate({ introPlayed: false })} data-testid="conference-replay-intro">
              {intl.formatMessage(m.replayIntro)}
            </button>
          )}
        </div>
        {theme && (
          <div className="cf-mode" role="group" aria-label={intl.formatMessage(m.mode)} data-testid="conference-display-mode">
            {(['video', 'catalog'] as const).map((mode) => (
              <button key={mode} type="button" className={theme.state.displayMode === mode ? 'is-on' : ''} aria-pressed={theme.state.displayMode === mode} onClick={() => state.mutate({ displayMode: mode })}>
                <ModeName mode={mode} />
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="cf-landing__featured">
        {featured.map(({ c, item }) => (
          <Link key={c} to={`${BASE}/${e.id}/categories/${c}`} className="cf-tile" data-testid={`conference-featured-${c}`}>
            {item && <img src={item.posterUrl ?? item.url} alt="" loading="lazy" />}
            <span className="cf-tile__label">
              <strong>{tabName(intl, c)}</strong>
            </span>
          </Link>
        ))}
      </div>
      <nav className="cf-landing__nav">
        {(theme?.config.nav ?? e.pages).map((p) => (
          <Link key={p} to={`${BASE}/${e.id}/${p}`} style={{ borderColor: e.accent }}>
            {pageName(intl, p)}
          </Link>
        ))}
      </nav>
    </div>
  );
}

/** dashboard: a tile per page of the event with its first visual. */
function DashboardPage({ e, data }: { e: EventInfo; data: EventData }) {
  const intl = useIntl();
  return (
    <div className="cf-dashboard" data-testid="conference-dashboard">
      <h1>{seasonName(intl, e)}</h1>
      <div className="cf-tiles">
        {e.pages.map((p) => {
          const items = itemsOf(data, pageSection[p] ?? p);
          const visual = items.find((i) => i.posterUrl || i.kind === 'image');
          return (
            <Link key={p} to={`${BASE}/${e.id}/${p}`} className="cf-tile" data-testid={`conference-tile-${p}`}>
              {visual && <img src={visual.posterUrl ?? visual.url} alt="" loading="lazy" />}
              <span className="cf-tile__label">
                <strong>{pageName(intl, p)}</strong>
                <small>{intl.formatMessage(m.items, { count: items.length })}</small>
              </span>
            </Link>
          );
        })}
      </div>
    </div>
  );
}

/** A page with navigation tabs (categories, ads) or a plain list of content. */
function SectionPage({ e, data, page, tab }: { e: EventInfo; data: EventData; page: string; tab?: string }) {
  const intl = useIntl();
  const section = pageSection[page]!;
  const tabs = section === 'categories' ? data.categories : section === 'ads' ? e.ads : [];
  if (section === 'categories' && tab) return <CategoryViewer e={e} data={data} category={tab} />;
  if (tabs.length > 0 && section === 'ads' && (!tab || !tabs.includes(tab))) return <Navigate to={`${BASE}/${e.id}/${page}/${tabs[0]}`} replace />;
  const items = itemsOf(data, section, section === 'ads' ? tab : undefined);
  return (
    <div className="cf-section" data-testid={`conference-page-${page}`}>
      <h1>{pageName(intl, page)}</h1>
      {tabs.length > 0 && (
        <nav className="cf-tabs" aria-label={pageName(intl, page)}>
          {tabs.map((t) => (
            <Link key={t} to={`${BASE}/${e.id}/${page}/${t}`} className={t === tab ? 'is-current' : ''} data-testid={`conference-tab-${t}`}>
              {tabName(intl, t)}
            </Link>
          ))}
        </nav>
      )}
      {section === 'categories' ? (
        <div className="cf-categories">
          {data.categories.map((c) => {
            const visual = itemsOf(data, 'categories', c).find((i) => i.posterUrl || i.kind === 'image');
            return (
              <Link key={c} to={`${BASE}/${e.id}/${page}/${c}`} className="cf-tile cf-tile--tall" data-testid={`conference-category-${c}`}>
                {visual && <img src={visual.posterUrl ?? visual.url} alt="" loading="lazy" />}
                <span className="cf-tile__label">
                  <strong>{tabName(intl, c)}</strong>
                </span>
              </Link>
            );
          })}
        </div>
      ) : items.length === 0 ? (
        <EmptyState title={intl.formatMessage(m.empty)} />
      ) : section === 'sessions' || section === 'welcome' ? (
        <div className="cf-sessions">
          {items.map((i) => (
            <SessionCard key={i.id} item={i} />
          ))}
        </div>
      ) : (
        <MediaGrid items={items} />
      )}
    </div>
  );
}

function SessionCard({ item }: { item: Item }) {
  return (
    <article className="cf-session" data-testid="conference-session">
      <Player item={item} />
      <h2>{item.title}</h2>
      <p>{item.description}</p>
    </article>
  );
}

/** One event's site; the page decides what shows, the server's 403 sends the user to /. */
function EventSite({ e, page, tab }: { e: EventInfo; page?: string; tab?: string }) {
  const intl = useIntl();
  usePageTitle(page ? `${seasonName(intl, e)} · ${page === 'dashboard' ? intl.formatMessage(m.dashboard) : pageName(intl, page)}` : seasonName(intl, e));
  const first = hasLanding(e) ? 'landing' : e.pages[0]!;
  const q = useEventData(e.id);
  if (!page) return <Navigate to={`${BASE}/${e.id}/${first}`} replace />;
  if (hasLanding(e) && page === 'load') return <LoadPage e={e} />;
  if (hasLanding(e) && page === 'landing' && !loaded.has(e.id)) return <Navigate to={`${BASE}/${e.id}/load`} replace />;
  const known = page === 'landing' || page === 'dashboard' ? hasLanding(e) : e.pages.includes(page);
  if (!known) return <Navigate to={`${BASE}/${e.id}`} replace />;
  if (q.error && forbidden(q.error)) return <Navigate to="/" replace />;
  if (q.error) return <EmptyState icon="warning" title={intl.formatMessage(m.failed)} />;
  if (!q.data) {
    return (
      <div className="cf-pending">
        <Spinner size={28} />
      </div>
    );
  }
  if (page === 'landing') return <LandingPage e={e} data={q.data} />;
  return (
    <Frame e={e} data={q.data} page={page}>
      {page === 'dashboard' ? <DashboardPage e={e} data={q.data} /> : <SectionPage e={e} data={q.data} page={page} tab={tab} />}
    </Frame>
  );
}

function Conference() {
  const intl = useIntl();
  const { event, page, tab } = useParams();
  if (!event) return <IndexPage />;
  const e = findEvent(event);
  if (!e) return <EmptyState title={intl.formatMessage(m.notFound, { event })} />;
  return <EventSite key={e.id} e={e} page={page} tab={tab} />;
}

export default withModuleMessages(Conference, loadMessages);
