/** Display helpers: file sizes in steps of 1024 with 2 decimals (spec platform §9). */

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Splits a byte count into a value and the unit it is shown in (steps of 1024). */
export function scaleBytes(bytes: number): { value: number; unit: (typeof UNITS)[number] } {
  let value = Math.max(0, bytes || 0);
  let i = 0;
  while (value >= 1024 && i < UNITS.length - 1) {
    value /= 1024;
    i++;
  }
  return { value, unit: UNITS[i]! };
}

/** "1.50 MB" (en-US), "1,50 MB" (de-DE), "1,50 Mo" (fr-FR). Bytes show without decimals. */
export function formatBytes(bytes: number, locale = 'en-US'): string {
  const { value, unit } = scaleBytes(bytes);
  const digits = unit === 'byte' ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    // "0 bytes" rather than "0 byte"; the larger units are short ("1.50 MB").
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** Filenames of downloads have spaces replaced with underscores (spec §4.5). */
export const downloadName = (name: string) => name.replace(/ /g, '_');

export const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.max(0, Math.round((done / total) * 100))) : 0);
