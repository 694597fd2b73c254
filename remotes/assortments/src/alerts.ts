/**
 * Assortment alerts in the user's language. The server answers each alert as
 * `{style, color, type, params, message, createdDate}`: `type` is a stable key (e.g.
 * `discontinued`), `params` its values (e.g. `{"location": "US"}`), `message` an English
 * fallback, shown for types this remote does not know yet (and for servers that send only text).
 */
import { useCallback } from 'react';
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';

export type AlertParams = Record<string, string | number | boolean | null>;

/** An alert as the assortment or a row carries it (older answers: the message text only). */
export interface AlertLike {
  style?: string;
  color?: string;
  type?: string;
  params?: AlertParams | null;
  message?: string;
}

const alertMessages = defineMessages({
  discontinued: { id: 'assortments.alert.discontinued', defaultMessage: 'Discontinued in {location}' },
});

/** The params each known type needs; an alert without them falls back to its message. */
const REQUIRED: Record<string, string[]> = {
  discontinued: ['location'],
};

const KNOWN = alertMessages as Record<string, MessageDescriptor>;

/** One alert's text in the user's language. */
export function alertText(intl: IntlShape, alert: AlertLike | string): string {
  if (typeof alert === 'string') return alert;
  const type = alert.type ?? '';
  const descriptor = Object.prototype.hasOwnProperty.call(KNOWN, type) ? KNOWN[type] : undefined;
  const params = alert.params ?? {};
  if (descriptor && (REQUIRED[type] ?? []).every((k) => params[k] !== undefined && params[k] !== null && params[k] !== '')) {
    const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === null ? '' : String(v)]));
    return intl.formatMessage(descriptor, values);
  }
  return alert.message || type;
}

export function useAlertText(): (alert: AlertLike | string) => string {
  const intl = useIntl();
  return useCallback((alert: AlertLike | string) => alertText(intl, alert), [intl]);
}

const productKey = (style: unknown, color: unknown) => `${String(style ?? '')}_${String(color ?? '')}`;

/** The assortment's alerts by product (`style_color`). */
export function alertsByProduct(list: readonly AlertLike[] | undefined): Map<string, AlertLike[]> {
  const out = new Map<string, AlertLike[]>();
  for (const a of list ?? []) {
    const k = productKey(a.style, a.color);
    const l = out.get(k);
    if (l) l.push(a);
    else out.set(k, [a]);
  }
  return out;
}

/**
 * The alert texts of a grid row: its own alerts when they are objects; when the row carries
 * only texts, the assortment's alerts of the same product (typed, so translated) if it knows
 * them, else the texts as they are.
 */
export function rowAlertTexts(row: { style?: unknown; color?: unknown; alerts?: unknown }, byProduct: Map<string, AlertLike[]>, text: (a: AlertLike | string) => string): string[] {
  const own = Array.isArray(row.alerts) ? (row.alerts as Array<AlertLike | string>) : [];
  if (own.length === 0) return [];
  if (own.every((a) => typeof a === 'string')) {
    const known = byProduct.get(productKey(row.style, row.color));
    if (known && known.length === own.length) return known.map(text);
  }
  return own.map(text);
}
