/**
 * Tab-separated text as Excel and Google Sheets put on the clipboard: cells separated by tabs,
 * rows by line breaks, a cell holding a tab, a line break or a leading quote written in double
 * quotes with inner quotes doubled.
 */

const NEEDS_QUOTES = /[\t\r\n"]/;

export function quoteCell(s: string): string {
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A block of cell texts as TSV (rows end with a line break, as Excel writes them). */
export function toTsv(rows: string[][]): string {
  return rows.map((r) => r.map(quoteCell).join('\t')).join('\r\n') + (rows.length ? '\r\n' : '');
}

/**
 * Parses clipboard TSV into rows of cell texts. Quoted cells may hold tabs, line breaks and
 * doubled quotes; a quote inside an unquoted cell is an ordinary character. The line break that
 * ends the last row is not an extra empty row.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  if (!text) return rows;
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  let atCellStart = true;
  while (i < n) {
    const ch = text[i]!;
    if (atCellStart && ch === '"') {
      // A quoted cell: runs to the closing quote that is not doubled.
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < n) {
        const c = text[j]!;
        if (c === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          closed = true;
          j++;
          break;
        }
        value += c;
        j++;
      }
      const next = text[j];
      if (closed && (next === undefined || next === '\t' || next === '\n' || next === '\r')) {
        cell = value;
        i = j;
        atCellStart = false;
        continue;
      }
      // Not a well-formed quoted cell: read it as plain text.
    }
    atCellStart = false;
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
      i++;
    } else if (ch === '\r' || ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += ch;
      i++;
    }
  }
  if (!atCellStart || cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
