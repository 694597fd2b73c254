/**
 * The showroom (spec §2.2, §2.6): an assortment presented full screen for a buyer meeting, in
 * its display groups and their order. Three views share the data and the filter bar: the
 * overview (group dividers and product tiles), a group's category detail viewer
 * (showroom/divider/{group_slug}, video or catalog mode, previous and next group) and the
 * product detail viewer (showroom/detail/{style_color_id}). The org type is a parameter: regular
 * assortments here, internal ones under their own prefix.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, Icon, Spinner, chrome, usePageChrome, usePageTitle } from '@its/kit';
import { ProductViewer, type ViewerPanel, type ViewerRow } from '../products';
import type { Assortment } from '../api';
import { sortMsg } from '../sort/messages';
import { recordShowroomOpened, useShowroom } from './api';
import { filterMsg, modeMsg, showroomMsg } from './messages';
import {
  CATEGORY_MODES,
  FILTER_FIELDS,
  NO_FILTERS,
  activeFilters,
  assortmentBase,
  applyFilters,
  filterOptions,
  filtersFromSearch,
  heroOf,
  searchOfFilters,
  sequence,
  showroomBase,
  showroomLinks,
  showroomSettings,
  step,
  type CategoryMode,
  type NavAction,
  type OrgType,
  type ShowroomFilters,
  type ShowroomGroup,
  type ShowroomItem,
  type ViewLinks,
} from './model';
import { useNavKeys, useSwipe } from './useNav';
import './showroom.css';
import { GroupContent } from '../content/GroupContent';

export type ShowroomView = { kind: 'overview' } | { kind: 'divider'; slug: string } | { kind: 'detail'; id: string };

/** A group's title: Uncategorized in the user's language. */
export function useGroupTitle() {
  const intl = useIntl();
  return (g: ShowroomGroup) => (g.uncategorized ? intl.formatMessage(sortMsg.uncategorized) : g.title);
}

/**
 * The presentation takes the whole window: no app bar while it is open. The shell resets its
 * chrome on a route change after the page has mounted (a first load), so the page keeps it off.
 */
function useFullWindow() {
  const { appBar } = usePageChrome();
  useEffect(() => {
    if (appBar) chrome.setAppBar(false);
  }, [appBar]);
  useEffect(() => () => chrome.setAppBar(true), []);
}

function FullscreenButton() {
  const intl = useIntl();
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const f = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', f);
    return () => document.removeEventListener('fullscreenchange', f);
  }, []);
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;
  const label = intl.formatMessage(on ? showroomMsg.exitFullscreen : showroomMsg.fullscreen);
  return (
    <button
      type="button"
      className="sr-icon-btn"
      aria-label={label}
      title={label}
      onClick={() => void (on ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined)}
    >
      <Icon name={on ? 'close' : 'presentation'} size={18} />
    </button>
  );
}

function FilterBar({ groups, filters, onChange }: { groups: ShowroomGroup[]; filters: ShowroomFilters; onChange: (f: ShowroomFilters) => void }) {
  const intl = useIntl();
  const options = useMemo(() => filterOptions(groups), [groups]);
  const [text, setText] = useState(filters.text);
  useEffect(() => setText(filters.text), [filters.text]);
  // Typing settles for 250 ms before the filters change, with the filters of that moment.
  const settle = useEffectEvent((typed: string) => {
    if (typed === filters.text) return;
    const next = { ...filters, text: typed };
    const send = onChange;
    const t = setTimeout(() => send(next), 250);
    return () => clearTimeout(t);
  });
  useEffect(() => settle(text), [text]);
  return (
    <div className="sr-filters" role="search" data-testid="showroom-filters">
      <label className="sr-filters__search">
        <Icon name="search" size={16} />
        <input
          type="search"
          value={text}
          placeholder={intl.formatMessage(showroomMsg.search)}
          aria-label={intl.formatMessage(showroomMsg.search)}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange({ ...filters, text });
            if (e.key === 'Escape') (e.target as HTMLInputElement).blur();
          }}
          data-testid="showroom-search"
        />
      </label>
      {FILTER_FIELDS.filter((k) => options[k].length > 1 || filters[k]).map((k) => (
        <label key={k} className={`sr-filters__select${filters[k] ? ' is-set' : ''}`}>
          <span>{intl.formatMessage(filterMsg[k])}</span>
          <select value={filters[k]} onChange={(e) => onChange({ ...filters, [k]: e.target.value })} data-testid={`showroom-filter-${k}`}>
            <option value="">{intl.formatMessage(showroomMsg.any)}</option>
            {options[k].map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
      ))}
      {activeFilters(filters) > 0 && (
        <button type="button" className="its-btn its-btn--ghost its-btn--sm" onClick={() => onChange(NO_FILTERS)} data-testid="showroom-clear">
          {intl.formatMessage(showroomMsg.clear)}
        </button>
      )}
    </div>
  );
}

function Frame({
  a,
  org,
  id,
  groups,
  filters,
  onFilters,
  crumb,
  children,
}: {
  a: Assortment | null;
  org: OrgType;
  id: string;
  groups: ShowroomGroup[] | null;
  filters: ShowroomFilters;
  onFilters: (f: ShowroomFilters) => void;
  crumb?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const [search] = useSearchParams();
  const [showFilters, setShowFilters] = useState(activeFilters(filters) > 0);
  const shown = groups ? applyFilters(groups, filters) : null;
  const count = shown ? sequence(shown).length : 0;
  return (
    <div className="sr-frame" data-testid="showroom" data-org={org}>
      <header className="sr-bar">
        <Link to={`${assortmentBase(org, id)}/manage`} className="sr-icon-btn" aria-label={intl.formatMessage(showroomMsg.exit)} title={intl.formatMessage(showroomMsg.exit)} data-testid="showroom-exit">
          <Icon name="close" size={18} />
        </Link>
        <div className="sr-bar__title">
          <small>{intl.formatMessage(showroomMsg.title)}</small>
          <h1>
            <Link to={`${showroomBase(org, id)}${search.size ? `?${search}` : ''}`} data-testid="showroom-home">
              {a?.title ?? '…'}
            </Link>
            {crumb}
          </h1>
        </div>
        {shown && (
          <span className="sr-bar__count" data-testid="showroom-count" data-count={count}>
            {intl.formatMessage(showroomMsg.groups, { n: shown.length })} · {intl.formatMessage(showroomMsg.styles, { n: count })}
          </span>
        )}
        <button
          type="button"
          className={`sr-icon-btn${showFilters || activeFilters(filters) ? ' is-on' : ''}`}
          aria-pressed={showFilters}
          aria-label={intl.formatMessage(showroomMsg.filters)}
          title={intl.formatMessage(showroomMsg.filters)}
          onClick={() => setShowFilters(!showFilters)}
          data-testid="showroom-filters-toggle"
        >
          <Icon name="filter" size={18} />
          {activeFilters(filters) > 0 && <span className="sr-badge">{activeFilters(filters)}</span>}
        </button>
        <FullscreenButton />
      </header>
      {showFilters && groups && <FilterBar groups={groups} filters={filters} onChange={onFilters} />}
      <div className="sr-stage">{children}</div>
    </div>
  );
}

/** A product tile: a link named by what it shows (the name, style and colour), as WCAG 2.5.3 asks. */
export function Tile({ item, to, focusRef, onFocus }: { item: ShowroomItem; to: string; focusRef?: (el: HTMLAnchorElement | null) => void; onFocus?: () => void }) {
  return (
    <Link
      to={to}
      ref={focusRef}
      className="sr-tile"
      onFocus={onFocus}
      data-testid="showroom-tile"
      data-id={item.id}
    >
      <span className="sr-tile__img">
        <img src={item.thumbnail.replace(/\/thumbnail\.png$/, '/image.png')} alt="" loading="lazy" draggable={false} />
      </span>
      <span className="sr-tile__name">{item.name}</span>
      <span className="sr-tile__meta">
        <strong>{item.style}</strong> · {item.color}
        {item.colorDescription && <span> — {item.colorDescription}</span>}
      </span>
    </Link>
  );
}

/** The overview: each group's divider and its tiles; arrows move between tiles, Home/End to the ends. */
function Overview({ groups, links }: { groups: ShowroomGroup[]; links: ViewLinks }) {
  const intl = useIntl();
  const title = useGroupTitle();
  const items = useMemo(() => sequence(groups), [groups]);
  const refs = useRef<Array<HTMLAnchorElement | null>>([]);
  const [at, setAt] = useState(-1);
  const navigate = useNavigate();
  useNavKeys((a: NavAction) => {
    if (a === 'close') {
      (document.activeElement as HTMLElement | null)?.blur();
      return;
    }
    const to = step(at < 0 ? (a === 'prev' ? items.length : -1) : at, items.length, a);
    if (to === null) return;
    refs.current[to]?.focus();
    refs.current[to]?.scrollIntoView({ block: 'nearest' });
  });
  if (groups.length === 0) return null;
  let n = 0;
  return (
    <div className="sr-overview" data-testid="showroom-overview">
      {groups.map((g, gi) => (
        <section key={g.id} className="sr-group" data-testid="showroom-group" data-slug={g.slug} data-title={g.title}>
          <div className="sr-divider" data-testid="showroom-divider">
            <span className="sr-divider__index">{String(gi + 1).padStart(2, '0')}</span>
            <h2>{title(g)}</h2>
            <span className="sr-divider__count">{intl.formatMessage(showroomMsg.styles, { n: g.items.length })}</span>
            <button type="button" className="its-btn its-btn--ghost its-btn--sm" onClick={() => navigate(links.divider(g.slug))} data-testid="showroom-open-group">
              {intl.formatMessage(showroomMsg.openGroup)} <Icon name="arrowRight" size={14} />
            </button>
          </div>
          <GroupContent content={g.customContent} title={title(g)} variant="showroom" />
          <div className="sr-tiles">
            {g.items.map((it) => {
              const i = n++;
              return <Tile key={it.id} item={it} to={links.detail(it.id)} focusRef={(el) => (refs.current[i] = el)} onFocus={() => setAt(i)} />;
            })}
          </div>
        </section>
      ))}
      <p className="sr-keys">{intl.formatMessage(showroomMsg.keys)}</p>
    </div>
  );
}

const SLIDE_MS = 4000;

/** Video mode: the group's products one after another, full size, like a film (pause with Space or the button). */
function GroupFilm({ group, links }: { group: ShowroomGroup; links: ViewLinks }) {
  const intl = useIntl();
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(true);
  const n = group.items.length;
  useEffect(() => setAt(0), [group.id]);
  useEffect(() => {
    if (!playing || n < 2) return;
    const t = setTimeout(() => setAt((i) => (i + 1) % n), SLIDE_MS);
    return () => clearTimeout(t);
  }, [playing, at, n]);
  useEffect(() => {
    const f = (e: KeyboardEvent) => {
      if (e.key !== ' ' || (e.target as HTMLElement | null)?.closest('input, select, textarea, button, a')) return;
      e.preventDefault();
      setPlaying((p) => !p);
    };
    window.addEventListener('keydown', f);
    return () => window.removeEventListener('keydown', f);
  }, []);
  const item = group.items[Math.min(at, n - 1)]!;
  return (
    <div className="sr-film" data-testid="showroom-film" data-playing={playing}>
      <Link to={links.detail(item.id)} className="sr-film__frame" key={item.id} data-testid="showroom-film-item" data-id={item.id}>
        <img src={heroOf(item).replace(/\/image\.png$/, '/print.png')} alt={`${item.style} ${item.color}`} draggable={false} />
        <span className="sr-film__caption">
          <strong>{item.name}</strong>
          <span>
            {item.style} · {item.color} {item.colorDescription && `— ${item.colorDescription}`}
          </span>
        </span>
      </Link>
      <div className="sr-film__controls">
        <button type="button" className="sr-icon-btn" onClick={() => setPlaying(!playing)} aria-label={intl.formatMessage(playing ? showroomMsg.pause : showroomMsg.play)} data-testid="showroom-play">
          {playing ? '❚❚' : '▶'}
        </button>
        <div className="sr-film__dots" aria-hidden>
          {group.items.map((it, i) => (
            <span key={it.id} className={i === at ? 'is-on' : ''} />
          ))}
        </div>
        <span className="sr-film__pos">{intl.formatMessage(showroomMsg.position, { n: at + 1, count: n })}</span>
      </div>
    </div>
  );
}

/** The category detail viewer of one group: video or catalog mode, previous and next group. */
export function CategoryViewer({ groups, slug, initialMode, links }: { groups: ShowroomGroup[]; slug: string; initialMode: CategoryMode; links: ViewLinks }) {
  const intl = useIntl();
  const title = useGroupTitle();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode: CategoryMode = CATEGORY_MODES.includes(params.get('mode') as CategoryMode) ? (params.get('mode') as CategoryMode) : initialMode;
  const at = groups.findIndex((g) => g.slug === slug);
  const stage = useRef<HTMLDivElement>(null);
  const go = (a: NavAction) => {
    if (a === 'close') return navigate(links.home);
    const to = step(at, groups.length, a);
    if (to !== null && to !== at) navigate(links.divider(groups[to]!.slug));
  };
  useNavKeys(go);
  useSwipe(stage, go);
  if (at < 0) return <EmptyState icon="info" title={intl.formatMessage(showroomMsg.unknownGroup)} />;
  const g = groups[at]!;
  const prev = groups[at - 1];
  const next = groups[at + 1];
  const setMode = (m: CategoryMode) => {
    const p = new URLSearchParams(params);
    p.set('mode', m);
    setParams(p, { replace: true });
  };
  return (
    <div className="sr-category" data-testid="showroom-category" data-slug={g.slug} data-mode={mode} ref={stage}>
      <div className="sr-category__head">
        {prev ? (
          <Link to={links.divider(prev.slug)} className="sr-nav" aria-label={intl.formatMessage(showroomMsg.previousGroup, { title: title(prev) })} data-testid="showroom-prev">
            <Icon name="chevronRight" size={18} className="sr-flip" /> <span>{title(prev)}</span>
          </Link>
        ) : (
          <span />
        )}
        <div className="sr-category__title">
          <small>{intl.formatMessage(showroomMsg.groupPosition, { n: at + 1, count: groups.length })}</small>
          <h2>{title(g)}</h2>
          <div className="sr-mode" role="group" aria-label={intl.formatMessage(showroomMsg.mode)}>
            {CATEGORY_MODES.map((m) => (
              <button key={m} type="button" className={mode === m ? 'is-on' : ''} aria-pressed={mode === m} onClick={() => setMode(m)} data-testid={`showroom-mode-${m}`}>
                {intl.formatMessage(modeMsg[m])}
              </button>
            ))}
          </div>
        </div>
        {next ? (
          <Link to={links.divider(next.slug)} className="sr-nav sr-nav--next" aria-label={intl.formatMessage(showroomMsg.nextGroup, { title: title(next) })} data-testid="showroom-next">
            <span>{title(next)}</span> <Icon name="chevronRight" size={18} />
          </Link>
        ) : (
          <span />
        )}
      </div>
      <GroupContent content={g.customContent} title={title(g)} variant="showroom" />
      {mode === 'video' ? (
        <GroupFilm group={g} links={links} />
      ) : (
        <div className="sr-tiles sr-tiles--catalog" data-testid="showroom-catalog">
          {g.items.map((it) => (
            <Tile key={it.id} item={it} to={links.detail(it.id)} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The product detail viewer of the showroom: previous and next through every group, in order. */
export function DetailViewer({ groups, itemId, a, links }: { groups: ShowroomGroup[]; itemId: string; a: Assortment; links: ViewLinks }) {
  const intl = useIntl();
  const title = useGroupTitle();
  const navigate = useNavigate();
  const seq = useMemo(() => sequence(groups), [groups]);
  const at = seq.findIndex((s) => s.item.id === itemId);
  const settings = showroomSettings(a.uiSettings);
  const stage = useRef<HTMLDivElement>(null);
  // The panel the user last picked stays open from one product to the next.
  const [panel, setPanel] = useState<ViewerPanel>('info');
  const go = (act: NavAction) => {
    if (act === 'close') {
      const g = seq[at]?.group;
      return navigate(g ? links.divider(g.slug) : links.home);
    }
    const to = step(at, seq.length, act);
    if (to !== null && to !== at) navigate(links.detail(seq[to]!.item.id), { replace: true });
  };
  useNavKeys(go);
  useSwipe(stage, go);
  if (at < 0) return <EmptyState icon="info" title={intl.formatMessage(showroomMsg.unknownProduct)} />;
  const { group, item } = seq[at]!;
  const header = (
    <div className="sr-detail__nav" data-testid="showroom-detail-nav">
      <button type="button" className="sr-icon-btn" onClick={() => go('prev')} disabled={at === 0} aria-label={intl.formatMessage(showroomMsg.previous)} data-testid="showroom-detail-prev">
        <Icon name="chevronRight" size={18} className="sr-flip" />
      </button>
      <div className="sr-detail__where">
        <Link to={links.divider(group.slug)} data-testid="showroom-detail-group">
          {title(group)}
        </Link>
        <span data-testid="showroom-position" data-at={at + 1} data-count={seq.length}>
          {intl.formatMessage(showroomMsg.position, { n: at + 1, count: seq.length })}
        </span>
      </div>
      <button type="button" className="sr-icon-btn" onClick={() => go('next')} disabled={at === seq.length - 1} aria-label={intl.formatMessage(showroomMsg.next)} data-testid="showroom-detail-next">
        <Icon name="chevronRight" size={18} />
      </button>
    </div>
  );
  const fallback = { style: item.style, color: item.color, name: item.name, colorDescription: item.colorDescription, image: heroOf(item), thumbnail: item.thumbnail };
  return (
    <div className="sr-detail" ref={stage} data-testid="showroom-detail" data-id={item.id}>
      <ProductViewer key={item.id} id={item.id} fallback={fallback} row={item.row as ViewerRow | null} locationOnly={settings.assortmentStatusOnly ? a.locationId : null} layout="full" header={header} initialPanel={panel} onPanelChange={setPanel} />
    </div>
  );
}

/** One of the showroom's routes of an assortment of `org`. */
export function Showroom({ org, id, view }: { org: OrgType; id: string; view: ShowroomView }) {
  const intl = useIntl();
  useFullWindow();
  useEffect(() => {
    void recordShowroomOpened(id);
  }, [id]);
  const { data, error, pending } = useShowroom(org, id);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const search = params.size ? `?${params}` : '';
  const links = showroomLinks(org, id, search);
  usePageTitle(data ? `${intl.formatMessage(showroomMsg.title)} · ${data.assortment.title}` : intl.formatMessage(showroomMsg.title));
  const shown = useMemo(() => (data ? applyFilters(data.groups, filters) : null), [data, filters]);
  const onFilters = (f: ShowroomFilters) => setParams(searchOfFilters(f, params), { replace: true });
  const title = useGroupTitle();
  let crumb: ReactNode = null;
  if (shown && view.kind === 'divider') {
    const g = shown.find((x) => x.slug === view.slug);
    if (g) crumb = <span className="sr-crumb"> / {title(g)}</span>;
  }
  let body: ReactNode;
  if (error) body = <EmptyState icon="warning" title={intl.formatMessage(showroomMsg.loadFailed, { message: (error as Error).message })} />;
  else if (pending || !data || !shown)
    body = (
      <div className="sr-loading">
        <Spinner size={32} />
      </div>
    );
  else if (data.groups.length === 0) body = <EmptyState icon="shoe" title={intl.formatMessage(showroomMsg.empty)} />;
  else if (shown.length === 0) body = <EmptyState icon="filter" title={intl.formatMessage(showroomMsg.noMatch)} />;
  else if (view.kind === 'overview') body = <Overview groups={shown} links={links} />;
  else if (view.kind === 'divider')
    body = <CategoryViewer groups={shown} slug={view.slug} initialMode={showroomSettings(data.assortment.uiSettings).categoryMode} links={links} />;
  else body = <DetailViewer groups={shown} itemId={view.id} a={data.assortment} links={links} />;
  return (
    <Frame a={data?.assortment ?? null} org={org} id={id} groups={data?.groups ?? null} filters={filters} onFilters={onFilters} crumb={crumb}>
      {body}
    </Frame>
  );
}
