/** The season dialog's form rules (the server checks the same and more). */
import type { SeasonSet } from './api';

export interface SeasonForm {
  season: string;
  year: string;
  channel: string;
  sets: SeasonSet[];
}

export type SeasonFormError = 'year' | 'shortName';

export const emptySet = (channel: string, n: number): SeasonSet => ({
  shortName: `${channel === 'Retail' ? 'RTL' : 'WHS'}-${n + 1}`,
  productType: 'All',
  region: 'Domestic',
  orgType: 'internal',
  method: 'static',
});

/** The form's problems, by field. */
export function seasonFormErrors(f: SeasonForm): Partial<Record<SeasonFormError, true>> {
  const out: Partial<Record<SeasonFormError, true>> = {};
  const year = Number(f.year);
  if (!/^\d{4}$/.test(f.year) || year < 2000 || year > 2100) out.year = true;
  const names = f.sets.map((s) => s.shortName.trim().toLowerCase());
  if (names.some((n) => !n || n.length > 40) || new Set(names).size !== names.length) out.shortName = true;
  return out;
}

/** Only JPEG covers are filed as sourceFile.jpg. */
export const isJpeg = (file: File): boolean => /\.jpe?g$/i.test(file.name) && (file.type === '' || file.type === 'image/jpeg');
