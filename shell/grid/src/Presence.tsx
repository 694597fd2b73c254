/**
 * Presence (usePresence): the avatars of the others who have the same topic open, and the
 * outline of the cell each has selected in their colour with their name as a small label.
 */
import { useIntl } from 'react-intl';
import type { PresenceEntry } from './hooks/usePresence';
import { m } from './messages';

/** A user's colour by the server's stable index (0-7): each keeps white text at 5:1 or more. */
export const PRESENCE_COLOURS = ['#b3261e', '#1d63a8', '#2e7d32', '#6a3fb0', '#a94f00', '#00796b', '#ad1457', '#455a64'];

export function presenceColour(index: number): string {
  return PRESENCE_COLOURS[((index % PRESENCE_COLOURS.length) + PRESENCE_COLOURS.length) % PRESENCE_COLOURS.length] ?? '#455a64';
}

/** Up to two initials of a name. */
export function initials(name: string): string {
  const words = name.trim().split(/[\s@._-]+/).filter(Boolean);
  const first = words[0] ?? '?';
  const last = words[words.length - 1] ?? '';
  return (words.length > 1 ? first.charAt(0) + last.charAt(0) : first.slice(0, 2)).toUpperCase();
}

/** One entry per user (a user with the page open twice shows once), in the server's order. */
function byUser(others: readonly PresenceEntry[]): PresenceEntry[] {
  const seen = new Set<string>();
  return others.filter((o) => !seen.has(o.userId) && seen.add(o.userId));
}

/** How many avatars show before "+n". */
const SHOWN = 5;

export interface PresenceAvatarsProps {
  others: readonly PresenceEntry[];
  /** The column's name of a field (an avatar's title says where they are). */
  fieldLabel?: (field: string) => string;
  testId?: string;
}

export function PresenceAvatars({ others, fieldLabel, testId }: PresenceAvatarsProps) {
  const intl = useIntl();
  const users = byUser(others);
  if (users.length === 0) return null;
  const label = (o: PresenceEntry) => (o.row && o.field ? intl.formatMessage(m.presenceAt, { name: o.name, column: fieldLabel?.(o.field) ?? o.field }) : o.name);
  const more = users.slice(SHOWN);
  return (
    <span className="its-presence" data-testid={testId} role="group" aria-label={intl.formatMessage(m.presenceOthers, { n: users.length })}>
      {users.slice(0, SHOWN).map((o) => (
        <span key={o.userId} className="its-presence__avatar" style={{ background: presenceColour(o.colour) }} role="img" title={label(o)} aria-label={label(o)} data-user={o.userId}>
          {initials(o.name)}
        </span>
      ))}
      {more.length > 0 && (
        <span className="its-presence__avatar its-presence__more" role="img" title={more.map(label).join('\n')} aria-label={intl.formatMessage(m.presenceMore, { n: more.length })}>
          +{more.length}
        </span>
      )}
    </span>
  );
}

/** A CSS string literal of text. */
function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, ' ')}"`;
}

/** An attribute selector's quoted value. */
function cssAttr(value: string): string {
  return typeof CSS !== 'undefined' && CSS.escape ? `"${CSS.escape(value)}"` : cssString(value);
}

/** The name label: small, in the cell's top corner away from its text, never in the way of the pointer. */
const LABEL = 'position:absolute;top:0;right:0;max-width:calc(100% - 4px);overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:0 4px;font-size:10px;line-height:13px;font-weight:600;color:#fff;border-bottom-left-radius:3px;pointer-events:none;z-index:1;';

/**
 * The style of the outlined cells of a grid (its body carries data-presence=scope): one rule per
 * cell others have selected, so ag-grid's rows and renderers stay as they are and a cell scrolled
 * into view is outlined as it is drawn.
 */
export function presenceCss(scope: string, others: readonly PresenceEntry[]): string {
  const cells = new Map<string, PresenceEntry[]>();
  for (const o of others) {
    if (!o.row || !o.field) continue;
    const key = `${o.row}\u0000${o.field}`;
    const at = cells.get(key);
    if (at) {
      if (!at.some((x) => x.userId === o.userId)) at.push(o);
    } else cells.set(key, [o]);
  }
  const rules: string[] = [];
  for (const at of cells.values()) {
    const first = at[0];
    if (!first) continue;
    const colour = presenceColour(first.colour);
    const cell = `[data-presence=${cssAttr(scope)}] .ag-row[row-id=${cssAttr(first.row)}] .ag-cell[col-id=${cssAttr(first.field)}]`;
    rules.push(`${cell}{box-shadow:inset 0 0 0 2px ${colour};}`);
    rules.push(`${cell}::after{content:${cssString(at.map((o) => o.name).join(', '))};background:${colour};${LABEL}}`);
    // A number sits on the right: its label goes to the left corner.
    rules.push(`${cell}.its-grid-cell--num::after{right:auto;left:0;border-radius:0 0 3px 0;}`);
  }
  return rules.join('\n');
}

/** The outlines of the cells others have selected, in the grid body marked data-presence=scope. */
export function PresenceOutlines({ scope, others }: { scope: string; others: readonly PresenceEntry[] }) {
  const css = presenceCss(scope, others);
  return css ? <style data-testid="presence-outlines">{css}</style> : null;
}
