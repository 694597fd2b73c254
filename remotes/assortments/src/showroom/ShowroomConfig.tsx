/**
 * showroom-config: an assortment's showroom settings (uiSettings.digitalShowroomSettings, spec
 * §3.2): assortmentStatusOnly and the mode the category detail viewer opens in. Saved with the
 * assortment (PATCH, which the server allows to editors of the assortment's channel only).
 */
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EmptyState, Spinner, actions, authzCheck, toast, useDecisions, usePageTitle, type AuthzCheck } from '@its/kit';
import type { Assortment } from '../api';
import { errorText, msg } from '../messages';
import { fetchShowroomAssortment, patchShowroomAssortment } from './api';
import { modeMsg, showroomMsg } from './messages';
import { CATEGORY_MODES, assortmentBase, showroomBase, showroomSettings, withShowroomSettings, type OrgType, type ShowroomSettings } from './model';
import './showroom.css';

export function ShowroomConfig({ org, id }: { org: OrgType; id: string }) {
  const intl = useIntl();
  const qc = useQueryClient();
  const a = useQuery({ queryKey: ['showroom', org, id, 'assortment'], queryFn: ({ signal }) => fetchShowroomAssortment(org, id, signal) });
  const checks = useMemo<AuthzCheck[]>(() => [authzCheck(actions.assortmentsEdit, { channel: a.data?.channel ?? 'All' })], [a.data?.channel]);
  const decisions = useDecisions(checks, !!a.data);
  const [draft, setDraft] = useState<ShowroomSettings | null>(null);
  useEffect(() => {
    if (a.data) setDraft(showroomSettings(a.data.uiSettings));
  }, [a.data]);
  usePageTitle(`${intl.formatMessage(showroomMsg.config)}${a.data ? ` · ${a.data.title}` : ''}`);
  const save = useMutation({
    mutationFn: (s: ShowroomSettings) => patchShowroomAssortment(org, id, { version: a.data!.version, uiSettings: withShowroomSettings(a.data!.uiSettings, s) }),
    onSuccess: (next: Assortment) => {
      qc.setQueryData(['showroom', org, id, 'assortment'], next);
      toast.success(intl.formatMessage(showroomMsg.saved));
    },
    onError: (e) => toast.error(intl.formatMessage(msg.failed, { message: errorText(e) })),
  });
  if (a.error) return <EmptyState icon="warning" title={intl.formatMessage(showroomMsg.loadFailed, { message: errorText(a.error) })} />;
  if (!a.data || !draft)
    return (
      <div className="sr-loading">
        <Spinner size={28} />
      </div>
    );
  const editable = decisions.allowed[0] === true && a.data.state !== 'archived';
  const saved = showroomSettings(a.data.uiSettings);
  const dirty = saved.assortmentStatusOnly !== draft.assortmentStatusOnly || saved.categoryMode !== draft.categoryMode;
  return (
    <div className="sr-config" data-testid="showroom-config">
      <div className="sr-config__head">
        <div>
          <small>
            <Link to={`${assortmentBase(org, id)}/manage`}>{a.data.title}</Link>
          </small>
          <h1>{intl.formatMessage(showroomMsg.config)}</h1>
          <p>{intl.formatMessage(showroomMsg.configIntro)}</p>
        </div>
        <Link to={showroomBase(org, id)} className="its-btn its-btn--primary" data-testid="showroom-config-open">
          {intl.formatMessage(showroomMsg.open)}
        </Link>
      </div>
      {!decisions.loading && !editable && <p className="sr-config__note">{intl.formatMessage(showroomMsg.readOnly, { channel: a.data.channel })}</p>}
      <form
        className="sr-config__form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(draft);
        }}
      >
        <label className="sr-config__row">
          <input
            type="checkbox"
            checked={draft.assortmentStatusOnly}
            disabled={!editable}
            onChange={(e) => setDraft({ ...draft, assortmentStatusOnly: e.target.checked })}
            data-testid="showroom-config-status-only"
          />
          <span>
            <strong>{intl.formatMessage(showroomMsg.statusOnly)}</strong>
            <small>{intl.formatMessage(showroomMsg.statusOnlyHint, { location: a.data.locationId || '—' })}</small>
          </span>
        </label>
        <fieldset className="sr-config__row sr-config__modes" disabled={!editable}>
          <legend>{intl.formatMessage(showroomMsg.categoryMode)}</legend>
          {CATEGORY_MODES.map((m) => (
            <label key={m}>
              <input type="radio" name="categoryMode" value={m} checked={draft.categoryMode === m} onChange={() => setDraft({ ...draft, categoryMode: m })} data-testid={`showroom-config-mode-${m}`} />
              {intl.formatMessage(modeMsg[m])}
            </label>
          ))}
        </fieldset>
        <div className="sr-config__actions">
          <Link to={`${assortmentBase(org, id)}/sort`}>{intl.formatMessage(showroomMsg.sortPage)}</Link>
          <button type="submit" className="its-btn its-btn--primary" disabled={!editable || !dirty || save.isPending} data-testid="showroom-config-save">
            {intl.formatMessage(showroomMsg.save)}
          </button>
        </div>
      </form>
    </div>
  );
}
