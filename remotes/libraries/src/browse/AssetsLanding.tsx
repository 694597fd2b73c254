/**
 * A library's landing page: a search, tiles for the library's main groups (each opening the
 * list filtered to it) and the newest items, all computed by the server from every published
 * item (GET /api/assets/landing).
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { EmptyState, Icon, Skeleton, usePageTitle } from '@its/kit';
import type { LibraryType } from '../api/types';
import { fieldTitles, libraryLeads, libraryTitles } from '../libraries';
import { listPathOf, useLibraryRoute, useLibraryRoutes } from '../route';
import { FileThumb, primaryFile } from '../ui/FileThumb';
import { useLibrariesEyebrow } from '../ui/page';
import { useLanding } from './hooks';

export function AssetsLanding({ libraryType }: { libraryType?: LibraryType }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const route = useLibraryRoute();
  const lt = libraryType ?? route.manageType;
  const routes = useLibraryRoutes();
  const listPath = listPathOf(routes, lt) ?? '';
  const eyebrow = useLibrariesEyebrow();
  const landing = useLanding(lt);
  const loading = landing.isPending;
  const { facet, tiles = [], recent = [], total = 0 } = landing.data ?? {};
  const facetTitle = facet ? (fieldTitles[facet] ? intl.formatMessage(fieldTitles[facet]) : facet) : '';
  const [text, setText] = useState('');
  const title = intl.formatMessage(libraryTitles[lt]);
  usePageTitle(title);
  const to = (params: Record<string, string>) => `${listPath}?${new URLSearchParams(params).toString()}`;

  return (
    <div className="lib-page lib-landing" data-testid="library-landing" data-library-type={lt}>
      <section className={`lib-hero lib-hero--${lt}`}>
        <div className="lib-hero__inner">
          <p className="lib-eyebrow lib-eyebrow--light">{eyebrow}</p>
          <h1 className="lib-hero__title">{title}</h1>
          <p className="lib-hero__lead">{intl.formatMessage(libraryLeads[lt])}</p>
          <form
            className="lib-hero__search"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              navigate(text.trim() ? to({ q: text.trim() }) : listPath);
            }}
          >
            <Icon name="search" size={18} />
            <input
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={intl.formatMessage({ id: 'libraries.landing.search', defaultMessage: 'Search {library}' }, { library: title })}
              aria-label={intl.formatMessage({ id: 'libraries.landing.search', defaultMessage: 'Search {library}' }, { library: title })}
              data-testid="landing-search"
            />
            <button type="submit" className="its-btn its-btn--primary">
              <FormattedMessage id="libraries.landing.searchButton" defaultMessage="Search" />
            </button>
          </form>
          <p className="lib-hero__stats">
            {landing.isSuccess && <FormattedMessage id="libraries.landing.total" defaultMessage="{count, plural, one {# published item} other {# published items}}" values={{ count: total }} />}
          </p>
        </div>
      </section>

      <section className="lib-section">
        <div className="lib-section__head">
          <h2>
            {facet ? (
              <FormattedMessage id="libraries.landing.browseBy" defaultMessage="Browse by {field}" values={{ field: facetTitle }} />
            ) : (
              loading && <Skeleton width={180} height={20} />
            )}
          </h2>
          <Link to={listPath} className="its-btn its-btn--secondary lib-btn-sm" data-testid="landing-all">
            <FormattedMessage id="libraries.landing.all" defaultMessage="View all" />
            <Icon name="arrowRight" size={16} />
          </Link>
        </div>
        {loading ? (
          <div className="lib-tiles">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} width="100%" height={120} radius={12} />
            ))}
          </div>
        ) : landing.isError ? (
          <div className="its-card lib-empty-card">
            <EmptyState icon="warning" title={<FormattedMessage id="libraries.list.error" defaultMessage="The library could not be loaded." />}>
              <button type="button" className="its-btn its-btn--secondary" onClick={() => void landing.refetch()}>
                <FormattedMessage id="libraries.retry" defaultMessage="Try again" />
              </button>
            </EmptyState>
          </div>
        ) : tiles.length === 0 || !facet ? (
          <div className="its-card lib-empty-card">
            <EmptyState icon="folder" title={<FormattedMessage id="libraries.list.empty" defaultMessage="No assets available." />} />
          </div>
        ) : (
          <div className="lib-tiles">
            {tiles.map((t) => (
              <Link key={t.value} to={to({ [facet]: t.value })} className="lib-tile" data-testid="landing-tile">
                <span className="lib-tile__media">{t.sample ? <FileThumb asset={t.sample} alt="" /> : <Icon name="folder" size={28} />}</span>
                <span className="lib-tile__text">
                  <strong>{t.value}</strong>
                  <span>
                    <FormattedMessage id="libraries.landing.tileCount" defaultMessage="{count, plural, one {# item} other {# items}}" values={{ count: t.count }} />
                  </span>
                </span>
                <Icon name="chevronRight" size={18} />
              </Link>
            ))}
          </div>
        )}
      </section>

      {recent.length > 0 && (
        <section className="lib-section">
          <div className="lib-section__head">
            <h2>
              <FormattedMessage id="libraries.landing.recent" defaultMessage="Recently updated" />
            </h2>
          </div>
          <div className="lib-recent">
            {recent.map((a) => (
              <Link key={a._id} to={`${listPath}?asset=${a._id}`} className="lib-recent__item">
                <FileThumb asset={a} alt={a.name ?? ''} />
                <span className="lib-recent__name">{a.name || primaryFile(a)?.filename}</span>
              </Link>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
