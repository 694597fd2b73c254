/**
 * /product/libraries/internal/seasons-{wholesale,retail} (product spec §2.1): the seasons
 * screen of a channel, where an internal screen without a season or year sends the user. Each
 * season of the table of contents with its cover and its count of internal assortments opens
 * the season's landing (its assortments by region and title).
 */
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, Spinner, usePageTitle } from '@its/kit';
import { internalListPath } from '../api';
import { landingPath } from './gate';
import { DISCOVER_STALE_MS, discover } from './api';
import { imsg } from './messages';

export function SeasonsScreen({ channel }: { channel: string }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(imsg.seasonsTitle, { channel }));
  const toc = useQuery({ queryKey: ['internalAssortments', 'discover', { channel }], queryFn: ({ signal }) => discover({ channel }, signal), staleTime: DISCOVER_STALE_MS });
  const seasons = [...(toc.data?.seasons ?? [])].sort((a, b) => b.year - a.year || a.season.localeCompare(b.season));
  return (
    <div className="am-page" data-testid="internal-seasons" data-channel={channel}>
      <header className="am-head">
        <div className="am-head__text">
          <p className="am-head__eyebrow">{intl.formatMessage(imsg.title)}</p>
          <h1 className="am-head__title">{intl.formatMessage(imsg.seasonsTitle, { channel })}</h1>
        </div>
        <div className="am-head__actions">
          <Link className="its-btn its-btn--ghost its-btn--sm" to={internalListPath(channel)} data-testid="internal-seasons-manager">
            {intl.formatMessage(imsg.inManager)}
          </Link>
        </div>
      </header>
      {toc.isPending ? (
        <div className="am-loading">
          <Spinner size={28} />
        </div>
      ) : seasons.length === 0 ? (
        <EmptyState icon="info" title={intl.formatMessage(imsg.noSeasons)} />
      ) : (
        <ul className="am-season-tiles">
          {seasons.map((s) => (
            <li key={s._id}>
              <Link className="am-season-tile" to={landingPath(channel, s)} data-testid="internal-season" data-season={`${s.season}${s.year}`}>
                {s.previewJpgUrl ? <img src={s.previewJpgUrl} alt="" loading="lazy" /> : <span className="am-season-tile__blank" aria-hidden />}
                <strong>{intl.formatMessage(imsg.seasonHeading, { season: s.season, year: s.year })}</strong>
                <span>{intl.formatMessage(imsg.seasonCount, { n: s.count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
