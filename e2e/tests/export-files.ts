import type { Download, Locator } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

/** The files the grid kit's export menu downloads, opened as the tests check them. */

/** Parses RFC 4180 text (quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Saves a download in dir under its suggested name. */
export async function save(download: Promise<Download>, dir: string): Promise<{ name: string; path: string }> {
  const file = await download;
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path };
}

/** The rows of a downloaded .csv (its byte order mark checked and dropped). */
export function csvRows(path: string): string[][] {
  const raw = readFileSync(path, 'utf8');
  if (raw.charCodeAt(0) !== 0xfeff) throw new Error(`${path} has no byte order mark`);
  return parseCsv(raw.slice(1));
}

/** The first sheet of a downloaded .xlsx: its header and its row count (the header included). */
export async function xlsxSheet(path: string): Promise<{ header: string[]; rowCount: number }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  return { header: (sheet.getRow(1).values as unknown[]).slice(1).map(String), rowCount: sheet.rowCount };
}

/**
 * Scrolls the grid back to its first column: the grid renders the columns in view only, so two
 * grids show the same header cells when both are scrolled the same way.
 */
export async function scrollToFirstColumn(grid: Locator): Promise<void> {
  await grid
    .locator('.ag-body-horizontal-scroll-viewport')
    .first()
    .evaluate((el) => {
      el.scrollLeft = 0;
      el.dispatchEvent(new Event('scroll'));
    });
}

/** The grid's rendered data columns, left to right, with their headers as shown. */
export function shownColumns(grid: Locator): Promise<Array<{ id: string; text: string }>> {
  return grid.locator('.ag-header-cell[col-id]').evaluateAll((els) =>
    els
      .map((e) => ({ id: e.getAttribute('col-id') ?? '', x: e.getBoundingClientRect().x, text: (e.querySelector('.its-grid-header__label')?.textContent ?? '').trim() }))
      .filter((c) => !c.id.startsWith('ag-Grid'))
      .sort((a, b) => a.x - b.x)
      .map(({ id, text }) => ({ id, text })),
  );
}
