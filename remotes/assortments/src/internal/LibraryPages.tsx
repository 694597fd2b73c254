/**
 * The product library's internal pages (product spec §2.1; platform spec §2 gating):
 * landing-{channel} (a season's assortments by region and title, the season's cover at the
 * top), {region}-{channel} (one title's assortment in its display groups, each with its custom
 * content and products), internal/divider/{group_slug} (a group's divider: its custom content
 * and products, previous and next group) and internal/detail/{style_color_id} (the product
 * detail viewer). A screen without what it needs sends the user to the seasons or landing
 * screen (gate.ts); the divider and detail pages check the season and year against the
 * assortment's own (InternalGate).
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, Icon, Spinner, usePageTitle } from '@its/kit';
import { internalListPath, internalPath } from '../api';
import { CategoryViewer, DetailViewer, Tile, useGroupTitle } from '../showroom/Showroom';
import { useShowroom } from '../showroom/api';
import { showroomMsg } from '../showroom/messages';
import { GroupContent } from '../content/GroupContent';
import { DISCOVER_STALE_MS, discover, type TocEntry } from './api';
import { INTERNAL_ORG, InternalGate } from './InternalGate';
import { gate, landingPath, needsLocations, readQuery, seasonsPath, variantPath, type ScreenQuery } from './gate';
import { assortmentParam, assortmentSearch, cardPath, landingSections, libraryLinks, titleEntries, withoutAssortment } from './library';
import { imsg } from './messages';

/** How many products of a group the variant screen shows before its divider page. */
const GROUP_PREVIEW = 8;

function useToc(channel: string, q: ScreenQuery, region?: string) {
  const body = { channel, region, season: q.season, year: q.year ?? undefined, locationId: region && needsLocations(channel, region) ? q.locations : undefined };
  return useQuery({
    queryKey: ['internalAssortments', 'discover', body],
    queryFn: ({ signal }) => discover(body, signal),
    staleTime: DISCOVER_STALE_MS,
    enabled: !!q.season && !!q.year,
  });
}

function Loading() {
  return (
    <div className="am-loading">
      <Spinner size={28} />
    </div>
  );
}

/** The trail above every page: the channel's seasons, the season, the title, the group. */
function Crumbs({ channel, q, title, group }: { channel: string; q: ScreenQuery; title?: { text: string; to: string }; group?: string }) {
  const intl = useIntl();
  const season = intl.formatMessage(imsg.seasonHeading, { season: q.season, year: q.year });
  return (
    <nav className="il-crumbs" aria-label={intl.formatMessage(imsg.breadcrumb)} data-testid="library-crumbs">
      <Link to={seasonsPath(channel)}>{intl.formatMessage(imsg.seasonsTitle, { channel })}</Link>
      <Icon name="chevronRight" size={14} />
      {title || group ? <Link to={landingPath(channel, q)}>{season}</Link> : <span aria-current="page">{season}</span>}
      {title && (
        <>
          <Icon name="chevronRight" size={14} />
          {group ? <Link to={title.to}>{title.text}</Link> : <span aria-current="page">{title.text}</span>}
        </>
      )}
      {group && (
        <>
          <Icon name="chevronRight" size={14} />
          <span aria-current="page">{group}</span>
        </>
      )}
    </nav>
  );
}

/** landing-{channel}: the season's cover, then every region's assortment titles with their genders and counts. */
export function LandingScreen({ channel }: { channel: string }) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const q = readQuery(params);
  const toc = useToc(channel, q);
  const seasonText = q.season && q.year ? intl.formatMessage(imsg.seasonHeading, { season: q.season, year: q.year }) : '';
  usePageTitle(`${intl.formatMessage(imsg.libraryEyebrow, { channel })}${seasonText ? ` · ${seasonText}` : ''}`);
  if (!q.season || !q.year) return <Navigate to={seasonsPath(channel)} replace />;
  const season = toc.data?.seasons.find((s) => s.season === q.season && s.year === q.year);
  const sections = toc.data ? landingSections(toc.data.assortments, channel, q.locations) : [];
  const total = sections.reduce((n, s) => n + s.cards.reduce((m, c) => m + c.entries.length, 0), 0);
  return (
    <div className="il-page" data-testid="library-landing" data-channel={channel} data-season={`${q.season}${q.year}`}>
      <Crumbs channel={channel} q={q} />
      <header className="il-hero">
        {season?.previewJpgUrl ? <img className="il-hero__cover" src={season.previewJpgUrl} alt="" data-testid="library-cover" /> : <span className="il-hero__cover il-hero__cover--blank" aria-hidden />}
        <div className="il-hero__text">
          <p className="am-head__eyebrow">{intl.formatMessage(imsg.libraryEyebrow, { channel })}</p>
          <h1 className="am-head__title">{seasonText}</h1>
          {toc.data && <p className="il-muted">{intl.formatMessage(imsg.seasonCount, { n: total })}</p>}
          <div className="il-hero__links">
            <Link className="its-btn its-btn--ghost its-btn--sm" to={seasonsPath(channel)}>
              {intl.formatMessage(imsg.allSeasonsLink)}
            </Link>
            <Link className="its-btn its-btn--ghost its-btn--sm" to={`${internalListPath(channel)}?season=${q.season}&year=${q.year}`} data-testid="library-in-manager">
              {intl.formatMessage(imsg.inManager)}
            </Link>
          </div>
        </div>
      </header>
      {toc.isPending ? (
        <Loading />
      ) : toc.error ? (
        <EmptyState icon="warning" title={intl.formatMessage(imsg.loadFailed, { message: (toc.error as Error).message })} />
      ) : (
        sections.map((s) => (
          <section key={s.region} className="il-section" data-testid="library-region" data-region={s.region}>
            <h2>{intl.formatMessage(imsg.variantTitle, { region: s.region, channel })}</h2>
            {s.cards.length === 0 ? (
              <p className="il-muted il-empty" data-testid="library-region-empty">
                {intl.formatMessage(imsg.regionEmpty)}
              </p>
            ) : (
              <ul className="il-cards">
                {s.cards.map((c) => (
                  <li key={`${c.title}|${c.locations}`}>
                    <Link className="il-card" to={cardPath(channel, q, c)} data-testid="library-title" data-title={c.title} data-region={c.region}>
                      <span className="il-card__art" aria-hidden>
                        {season?.previewJpgUrl && <img src={season.previewJpgUrl} alt="" loading="lazy" />}
                        <span className="il-card__badge">{intl.formatMessage(imsg.regionTitle, { region: c.region })}</span>
                      </span>
                      <strong>{c.title}</strong>
                      <span className="il-card__meta">
                        {c.genders.map((g) => intl.formatMessage(imsg.genderName, { gender: g })).join(' · ')}
                        {c.locations && ` · ${intl.formatMessage(imsg.location, { code: c.locations })}`}
                      </span>
                      <span className="il-card__count">{intl.formatMessage(imsg.products, { n: c.products })}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}
    </div>
  );
}

/** {region}-{channel}: the title's assortment (a gender to pick when there are several) in its display groups. */
export function VariantScreen({ channel, region }: { channel: string; region: string }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const q = readQuery(params);
  const to = gate(q, channel, region);
  const toc = useToc(channel, q, region);
  usePageTitle(q.title || intl.formatMessage(imsg.variantTitle, { region, channel }));
  if (to) return <Navigate to={to} replace />;
  const entries = toc.data ? titleEntries(toc.data.assortments, channel, region, q) : [];
  const gender = params.get('gender') ?? '';
  const entry = entries.find((e) => e.gender === gender) ?? entries[0];
  let body: ReactNode;
  if (toc.isPending) body = <Loading />;
  else if (toc.error) body = <EmptyState icon="warning" title={intl.formatMessage(imsg.loadFailed, { message: (toc.error as Error).message })} />;
  else if (!entry)
    body = (
      <EmptyState icon="info" title={intl.formatMessage(imsg.notFound)}>
        <Link className="its-btn its-btn--primary" to={landingPath(channel, q)} data-testid="library-back">
          {intl.formatMessage(imsg.backToSeason)}
        </Link>
      </EmptyState>
    );
  else body = <AssortmentBrowse key={entry._id} entry={entry} q={q} />;
  return (
    <div className="il-page" data-testid="library-variant" data-channel={channel} data-region={region}>
      <Crumbs channel={channel} q={q} title={{ text: q.title, to: '' }} />
      <header className="am-head">
        <div className="am-head__text">
          <p className="am-head__eyebrow">{intl.formatMessage(imsg.variantTitle, { region, channel })}</p>
          <h1 className="am-head__title">{q.title}</h1>
        </div>
        {entries.length > 1 && (
          <div className="sr-mode" role="group" aria-label={intl.formatMessage(imsg.genders)}>
            {entries.map((e) => (
              <button
                key={e._id}
                type="button"
                aria-pressed={e === entry}
                className={e === entry ? 'is-on' : ''}
                onClick={() => {
                  const p = new URLSearchParams(params);
                  p.set('gender', e.gender);
                  setParams(p, { replace: true });
                }}
                data-testid="library-gender"
              >
                {intl.formatMessage(imsg.genderName, { gender: e.gender })}
              </button>
            ))}
          </div>
        )}
      </header>
      {body}
    </div>
  );
}

/** One assortment of a variant screen: its groups, each with its custom content and first products. */
function AssortmentBrowse({ entry, q }: { entry: TocEntry; q: ScreenQuery }) {
  const intl = useIntl();
  const title = useGroupTitle();
  const { data, error, pending } = useShowroom(INTERNAL_ORG, entry._id);
  const search = assortmentSearch(q, entry._id);
  const links = libraryLinks('', search);
  const count = data ? data.groups.reduce((n, g) => n + g.items.length, 0) : entry.productCount;
  return (
    <div className="il-browse" data-testid="library-assortment" data-id={entry._id}>
      <div className="il-browse__bar">
        <span className="il-muted" data-testid="library-counts">
          {data && `${intl.formatMessage(imsg.groupsCount, { n: data.groups.length })} · `}
          {intl.formatMessage(imsg.products, { n: count })}
          {entry.locationId && ` · ${intl.formatMessage(imsg.location, { code: entry.locationId })}`}
        </span>
        <span className="il-browse__actions">
          <Link className="its-btn its-btn--ghost its-btn--sm" to={`${internalPath(entry._id, 'showroom')}${search}`} data-testid="library-showroom">
            <Icon name="presentation" size={16} /> {intl.formatMessage(imsg.present)}
          </Link>
          {entry.editable && (
            <Link className="its-btn its-btn--ghost its-btn--sm" to={internalPath(entry._id, 'manage')} data-testid="library-manage">
              <Icon name="edit" size={16} /> {intl.formatMessage(imsg.manage)}
            </Link>
          )}
        </span>
      </div>
      {error ? (
        <EmptyState icon="warning" title={intl.formatMessage(imsg.loadFailed, { message: (error as Error).message })} />
      ) : pending || !data ? (
        <Loading />
      ) : data.groups.length === 0 ? (
        <EmptyState icon="shoe" title={intl.formatMessage(imsg.emptyAssortment)} />
      ) : (
        data.groups.map((g, gi) => (
          <section key={g.id} className="il-group" data-testid="library-group" data-slug={g.slug}>
            <div className="il-group__head">
              <span className="sr-divider__index">{String(gi + 1).padStart(2, '0')}</span>
              <h2>{title(g)}</h2>
              <span className="il-muted">{intl.formatMessage(imsg.products, { n: g.items.length })}</span>
              <Link className="its-btn its-btn--ghost its-btn--sm" to={links.divider(g.slug)} data-testid="library-open-group">
                {intl.formatMessage(showroomMsg.openGroup)} <Icon name="arrowRight" size={14} />
              </Link>
            </div>
            <GroupContent content={g.customContent} title={title(g)} variant="showroom" />
            <div className="sr-tiles il-tiles">
              {g.items.slice(0, GROUP_PREVIEW).map((it) => (
                <Tile key={it.id} item={it} to={links.detail(it.id)} />
              ))}
            </div>
            {g.items.length > GROUP_PREVIEW && (
              <Link className="il-more" to={links.divider(g.slug)}>
                {intl.formatMessage(imsg.moreStyles, { n: g.items.length })}
              </Link>
            )}
          </section>
        ))
      )}
    </div>
  );
}

/** The divider and detail pages: the assortment of the query, gated, with the trail back to its variant screen. */
function AssortmentPage({ view }: { view: { kind: 'divider'; slug: string } | { kind: 'detail'; id: string } }) {
  const [params] = useSearchParams();
  const id = assortmentParam(params);
  if (!id) return <Navigate to={withoutAssortment(params)} replace />;
  return (
    <InternalGate id={id}>
      <AssortmentView id={id} view={view} />
    </InternalGate>
  );
}

function AssortmentView({ id, view }: { id: string; view: { kind: 'divider'; slug: string } | { kind: 'detail'; id: string } }) {
  const intl = useIntl();
  const title = useGroupTitle();
  const [params] = useSearchParams();
  const { data, error, pending } = useShowroom(INTERNAL_ORG, id);
  const q = readQuery(params);
  const a = data?.assortment;
  usePageTitle(a ? a.title : intl.formatMessage(imsg.title));
  if (error) return <EmptyState icon="warning" title={intl.formatMessage(imsg.loadFailed, { message: (error as Error).message })} />;
  if (pending || !data || !a) return <Loading />;
  const variant = variantPath(a.channel, a.region, { ...q, tab: q.tab, title: q.title || a.title });
  const links = libraryLinks(variant, assortmentSearch(q, id));
  const group = view.kind === 'divider' ? data.groups.find((g) => g.slug === view.slug) : data.groups.find((g) => g.items.some((it) => it.id === view.id));
  return (
    <div className="il-page il-page--viewer" data-testid={view.kind === 'divider' ? 'library-divider' : 'library-detail'} data-id={id}>
      <Crumbs channel={a.channel} q={{ ...q, season: q.season || a.season, year: q.year ?? a.year }} title={{ text: a.title, to: variant }} group={group ? title(group) : undefined} />
      <div className="sr-stage il-stage">
        {data.groups.length === 0 ? (
          <EmptyState icon="shoe" title={intl.formatMessage(imsg.emptyAssortment)} />
        ) : view.kind === 'divider' ? (
          <CategoryViewer groups={data.groups} slug={view.slug} initialMode="catalog" links={links} />
        ) : (
          <DetailViewer groups={data.groups} itemId={view.id} a={a} links={links} />
        )}
      </div>
    </div>
  );
}

export const LibraryDivider = ({ slug }: { slug: string }) => <AssortmentPage view={{ kind: 'divider', slug }} />;
export const LibraryDetail = ({ id }: { id: string }) => <AssortmentPage view={{ kind: 'detail', id }} />;
