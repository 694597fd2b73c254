/**
 * The season dialog (Manage Seasons): a new season's code, year and channel, its season sets
 * (short name, product type, region, org type, method) and its cover; for an existing season the
 * sets and the cover.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog, Spinner, toast } from '@its/kit';
import { ProductIcon } from '@its/remote-products/api';
import { errorText } from '../messages';
import {
  ORG_TYPES,
  SEASON_CHANNELS,
  SEASON_CODES,
  SET_METHODS,
  SET_PRODUCT_TYPES,
  SET_REGIONS,
  createSeason,
  patchSeason,
  uploadCover,
  type Season,
  type SeasonSet,
} from './api';
import { emptySet, isJpeg, seasonFormErrors, type SeasonForm } from './form';
import { seasonField, smsg } from './messages';

const setChoices: Array<{ field: keyof SeasonSet; options: readonly string[] }> = [
  { field: 'productType', options: SET_PRODUCT_TYPES },
  { field: 'region', options: SET_REGIONS },
  { field: 'orgType', options: ORG_TYPES },
  { field: 'method', options: SET_METHODS },
];

export const seasonName = (s: Pick<Season, 'season' | 'year' | 'channel'>) => `${s.season} ${s.year} ${s.channel}`;

export function SeasonDialog({ season, channel, onClose, onSaved }: { season: Season | null; channel: string; onClose: () => void; onSaved: (s: Season) => void }) {
  const intl = useIntl();
  const [form, setForm] = useState<SeasonForm>(() =>
    season
      ? { season: season.season, year: String(season.year), channel: season.channel, sets: season.seasonSets.map((x) => ({ ...x })) }
      : { season: SEASON_CODES[0], year: String(new Date().getFullYear() + 1), channel: (SEASON_CHANNELS as readonly string[]).includes(channel) ? channel : SEASON_CHANNELS[0], sets: [emptySet(channel, 0)] },
  );
  const [cover, setCover] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');
  const errors = seasonFormErrors(form);
  const coverBad = cover !== null && !isJpeg(cover);
  const set = <K extends keyof SeasonForm>(k: K, v: SeasonForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const setSet = (i: number, patch: Partial<SeasonSet>) => set('sets', form.sets.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  const submit = async () => {
    setTried(true);
    if (Object.keys(errors).length || coverBad) return;
    setBusy(true);
    setServerError('');
    try {
      const sets = form.sets.map((x) => ({ ...x, shortName: x.shortName.trim() }));
      const saved = season
        ? await patchSeason(season._id, { version: season.version, seasonSets: sets })
        : await createSeason({ season: form.season, year: Number(form.year), channel: form.channel, seasonSets: sets });
      if (cover) await uploadCover(saved, cover);
      toast.success(season ? intl.formatMessage(smsg.saved, { name: seasonName(saved) }) : intl.formatMessage(smsg.created), { key: 'season-saved' });
      onSaved(saved);
    } catch (e) {
      setServerError(intl.formatMessage(smsg.cannotSave, { message: errorText(e) }));
      setBusy(false);
    }
  };

  const label = (f: string) => seasonField(intl, f);
  return (
    <Dialog
      open
      title={season ? intl.formatMessage(smsg.dialogEdit, { name: seasonName(season) }) : intl.formatMessage(smsg.dialogNew)}
      onClose={onClose}
      onEnter={() => void submit()}
      width={880}
      testId="season-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            {intl.formatMessage(smsg.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" onClick={() => void submit()} disabled={busy} data-testid="season-save">
            {busy && <Spinner size={14} />}
            {intl.formatMessage(season ? smsg.save : smsg.create)}
          </button>
        </>
      }
    >
      <div className="am-form">
        <label className="its-field am-field">
          <span className="its-field__label">{label('season')}</span>
          <select className="its-input" value={form.season} disabled={!!season} onChange={(e) => set('season', e.target.value)} data-testid="season-code">
            {SEASON_CODES.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </label>
        <label className="its-field am-field">
          <span className="its-field__label">{label('year')}</span>
          <input className="its-input" inputMode="numeric" value={form.year} disabled={!!season} onChange={(e) => set('year', e.target.value.trim())} data-testid="season-year" data-autofocus />
          {tried && errors.year && <span className="its-field__error">{intl.formatMessage(smsg.errorYear)}</span>}
        </label>
        <label className="its-field am-field">
          <span className="its-field__label">{label('channel')}</span>
          <select className="its-input" value={form.channel} disabled={!!season} onChange={(e) => set('channel', e.target.value)} data-testid="season-channel">
            {SEASON_CHANNELS.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </label>
        <label className="its-field am-field">
          <span className="its-field__label">{intl.formatMessage(smsg.cover)}</span>
          <input className="its-input" type="file" accept=".jpg,.jpeg,image/jpeg" onChange={(e) => setCover(e.target.files?.[0] ?? null)} data-testid="season-cover" />
          {coverBad ? <span className="its-field__error">{intl.formatMessage(smsg.errorCover)}</span> : <span className="sm-hint">{intl.formatMessage(smsg.coverHint)}</span>}
        </label>
      </div>
      <fieldset className="sm-sets">
        <legend className="its-field__label">{intl.formatMessage(smsg.sets)}</legend>
        <table className="sm-sets__table">
          <thead>
            <tr>
              <th>{label('shortName')}</th>
              {setChoices.map((c) => (
                <th key={c.field}>{label(c.field)}</th>
              ))}
              <th aria-hidden />
            </tr>
          </thead>
          <tbody>
            {form.sets.map((x, i) => (
              <tr key={x._id ?? `new-${i}`} data-testid="season-set">
                <td>
                  <input className="its-input" value={x.shortName} maxLength={40} aria-label={label('shortName')} onChange={(e) => setSet(i, { shortName: e.target.value })} data-testid="set-shortName" />
                </td>
                {setChoices.map((c) => (
                  <td key={c.field}>
                    <select className="its-input" value={String(x[c.field] ?? '')} aria-label={label(c.field)} onChange={(e) => setSet(i, { [c.field]: e.target.value })} data-testid={`set-${c.field}`}>
                      {c.options.map((o) => (
                        <option key={o}>{o}</option>
                      ))}
                    </select>
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="its-btn its-btn--ghost"
                    onClick={() => set('sets', form.sets.filter((_, j) => j !== i))}
                    aria-label={intl.formatMessage(smsg.removeSet, { name: x.shortName })}
                    data-testid="set-remove"
                  >
                    <ProductIcon name="trash" size={15} />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {tried && errors.shortName && <p className="its-field__error">{intl.formatMessage(smsg.errorShortName)}</p>}
        <button type="button" className="its-btn its-btn--ghost" onClick={() => set('sets', [...form.sets, emptySet(form.channel, form.sets.length)])} data-testid="set-add">
          <ProductIcon name="plus" size={15} />
          {intl.formatMessage(smsg.addSet)}
        </button>
      </fieldset>
      {serverError && (
        <div className="its-form-error" role="alert" data-testid="season-error">
          {serverError}
        </div>
      )}
    </Dialog>
  );
}
