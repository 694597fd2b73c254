import { useIntl } from 'react-intl';
import { Icon, LOCALE_NAMES, LOCALES, matchLocale, setPreference, type Locale } from '@its/kit';
import { LANGUAGE_PREFERENCE } from '../i18n/IntlRoot';

/** Language choice before login; kept in the local preferences like the app bar's. */
export function LanguagePicker({ dark = false }: { dark?: boolean }) {
  const intl = useIntl();
  const current = matchLocale(intl.locale) ?? 'en-US';
  return (
    <label className={`shell-langpick${dark ? ' shell-langpick--dark' : ''}`}>
      <Icon name="language" size={18} />
      <span className="shell-sr">{intl.formatMessage({ id: 'appbar.language', defaultMessage: 'Language' })}</span>
      <select
        value={current}
        onChange={(e) => setPreference(LANGUAGE_PREFERENCE, e.target.value as Locale)}
        data-testid="language-select"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
