/**
 * The internal assortment's own controls in its manage page header: the dropdown of the
 * internal assortments of the same channel, season and year that the user may edit (the table
 * of contents asked with editable; product spec §4.1), and the state, published only for the
 * editors the policy gives publishedStateOnly (platform spec §6; the server keeps it published).
 */
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { internalPath, type Assortment } from '../api';
import { DISCOVER_STALE_MS, discover, type DiscoverBody } from './api';
import { stateOptions } from './gate';
import { imsg } from './messages';

export function InternalControls({ a }: { a: Assortment }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const body: DiscoverBody = { channel: a.channel, season: a.season, year: a.year ?? undefined, editable: true };
  const toc = useQuery({ queryKey: ['internalAssortments', 'discover', body], queryFn: ({ signal }) => discover(body, signal), staleTime: DISCOVER_STALE_MS });
  const entries = toc.data?.assortments ?? [];
  const mine = entries.some((e) => e._id === a._id);
  const states = stateOptions(toc.data?.publishedStateOnly ?? true);
  return (
    <div className="am-internal-controls" data-testid="internal-controls">
      <label className="am-internal-controls__field">
        <span>{intl.formatMessage(imsg.switchTo)}</span>
        <select
          className="its-input"
          value={a._id}
          disabled={!toc.data}
          onChange={(e) => {
            const next = entries.find((x) => x._id === e.target.value);
            if (!next) return;
            const q = new URLSearchParams(search);
            q.set('title', next.title);
            if (next.locationId) q.set('locations', next.locationId);
            else q.delete('locations');
            navigate(internalPath(next._id, 'manage', q.toString()));
          }}
          data-testid="internal-switch"
        >
          {!mine && <option value={a._id}>{a.title}</option>}
          {entries.map((e) => (
            <option key={e._id} value={e._id}>
              {`${e.title} · ${e.gender} · ${e.region}`}
            </option>
          ))}
        </select>
      </label>
      <label className="am-internal-controls__field" title={intl.formatMessage(imsg.published)}>
        <span>{intl.formatMessage(imsg.state)}</span>
        <select className="its-input" value="published" disabled data-testid="internal-state" data-options={states.join(',')}>
          {states.map((s) => (
            <option key={s} value={s}>
              {intl.formatMessage(imsg.stateName, { state: s })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
