/**
 * The tracking history of the selected sample, in the side panel: every change (who, when,
 * which cells from what to what), newest first, and a form to record a manual entry.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EmptyState, Icon, Skeleton, toast } from '@its/kit';
import { displayText, type GridRow } from '@its/grid';
import { addTracking, fetchTracking, type Library, type TrackingEntry } from './api';
import { actionLabel, fieldLabel } from './columns';

export const trackingKey = (library: Library, id: string) => ['sampleInventory', 'tracking', library, id] as const;

function value(field: string, v: unknown): string {
  return displayText({ type: field === 'moldDate' ? 'date' : 'text' }, v);
}

function Entry({ e }: { e: TrackingEntry }) {
  const intl = useIntl();
  const changes = Object.entries(e.changes ?? {});
  return (
    <li className="si-track" data-testid="tracking-entry" data-action={e.action}>
      <span className={`si-track__dot si-track__dot--${e.action.replace(/\s+/g, '-').toLowerCase()}`} aria-hidden />
      <div className="si-track__main">
        <div className="si-track__head">
          <strong>{actionLabel(intl, e.action)}</strong>
          <time dateTime={e.at}>{intl.formatDate(e.at, { dateStyle: 'medium', timeStyle: 'short' } as Intl.DateTimeFormatOptions)}</time>
        </div>
        {e.user && <div className="si-track__user">{e.user.name}</div>}
        {changes.length > 0 && (
          <dl className="si-track__changes">
            {changes.map(([field, c]) => (
              <div key={field} className="si-track__change">
                <dt>{fieldLabel(intl, field)}</dt>
                <dd>
                  <span className="si-track__from">{value(field, c.from) || '—'}</span>
                  <Icon name="arrowRight" size={12} />
                  <span className="si-track__to">{value(field, c.to) || '—'}</span>
                </dd>
              </div>
            ))}
          </dl>
        )}
        {e.note && <p className="si-track__note">{e.note}</p>}
      </div>
    </li>
  );
}

export function TrackingPanel({ library, row, actions, canEdit }: { library: Library; row: GridRow | null; actions: string[]; canEdit: boolean }) {
  const intl = useIntl();
  const qc = useQueryClient();
  const id = row?.id ?? '';
  const q = useQuery({
    queryKey: trackingKey(library, id),
    queryFn: ({ signal }) => fetchTracking(library, id, signal),
    enabled: !!id && !String(id).startsWith('new-'),
    staleTime: 0,
  });
  const [action, setAction] = useState(actions[0] ?? 'Note');
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () => addTracking(library, { ids: [id], action, note: note.trim() || undefined }),
    onSuccess: () => {
      setNote('');
      void qc.invalidateQueries({ queryKey: trackingKey(library, id) });
      toast.success(intl.formatMessage({ id: 'sampleInventory.tracking.added', defaultMessage: 'Tracking entry recorded' }));
    },
    // Platform spec §8: a failed return of samples says so with the server's reason.
    onError: (e: Error) =>
      toast.error(
        action === 'Returned'
          ? intl.formatMessage({ id: 'sampleInventory.tracking.cannotReturn', defaultMessage: 'Cannot return products: {message}' }, { message: e.message })
          : e.message,
      ),
  });

  if (!row || String(row.id).startsWith('new-')) {
    return (
      <EmptyState icon="clock" title={<FormattedMessage id="sampleInventory.tracking.none" defaultMessage="Select a sample in the grid to see its history." />} />
    );
  }
  const needsNote = action === 'Note' && !note.trim();
  return (
    <div className="si-tracking" data-testid="tracking-panel">
      <div className="si-tracking__sample">
        <span className="si-tracking__style">{String(row.style ?? '')}</span>
        <span className="si-tracking__meta">
          {[row.color, row.size, row.side, row.bin].filter(Boolean).map(String).join(' · ')}
        </span>
      </div>
      {canEdit && (
        <form
          className="si-tracking__form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!needsNote) add.mutate();
          }}
        >
          <select className="its-input" value={action} onChange={(e) => setAction(e.target.value)} aria-label={intl.formatMessage({ id: 'sampleInventory.tracking.action', defaultMessage: 'Action' })}>
            {actions.map((a) => (
              <option key={a} value={a}>
                {actionLabel(intl, a)}
              </option>
            ))}
          </select>
          <input
            className="its-input"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder={intl.formatMessage({ id: 'sampleInventory.tracking.note', defaultMessage: 'Note (required for a note)' })}
            maxLength={500}
          />
          <button type="submit" className="its-btn its-btn--primary" disabled={needsNote || add.isPending}>
            <FormattedMessage id="sampleInventory.tracking.record" defaultMessage="Record" />
          </button>
        </form>
      )}
      {q.isPending ? (
        <div className="si-tracking__loading">
          <Skeleton width="70%" />
          <Skeleton width="90%" />
          <Skeleton width="60%" />
        </div>
      ) : q.isError ? (
        <EmptyState icon="warning" title={<FormattedMessage id="sampleInventory.tracking.error" defaultMessage="The history could not be loaded." />} />
      ) : q.data.length === 0 ? (
        <EmptyState icon="clock" title={<FormattedMessage id="sampleInventory.tracking.empty" defaultMessage="No history yet." />} />
      ) : (
        <ol className="si-tracking__list">
          {q.data.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </ol>
      )}
    </div>
  );
}
