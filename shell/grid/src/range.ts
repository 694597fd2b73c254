/**
 * Range selection maths. Positions are display coordinates: `row` is the index among the data
 * rows as shown (group header rows are not counted), `col` the index among the displayed
 * columns that hold cells. A range is an anchor (where it started) and a focus (where it ends).
 */

export interface CellPos {
  row: number;
  col: number;
}

export interface CellRange {
  anchor: CellPos;
  focus: CellPos;
}

export interface Rect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface Bounds {
  rows: number;
  cols: number;
}

export type Direction = 'up' | 'down' | 'left' | 'right';

export const single = (pos: CellPos): CellRange => ({ anchor: pos, focus: pos });

export function toRect(r: CellRange): Rect {
  return {
    top: Math.min(r.anchor.row, r.focus.row),
    bottom: Math.max(r.anchor.row, r.focus.row),
    left: Math.min(r.anchor.col, r.focus.col),
    right: Math.max(r.anchor.col, r.focus.col),
  };
}

export const rectRows = (r: Rect) => r.bottom - r.top + 1;
export const rectCols = (r: Rect) => r.right - r.left + 1;
export const rectCells = (r: Rect) => rectRows(r) * rectCols(r);

export const inRect = (r: Rect, row: number, col: number) => row >= r.top && row <= r.bottom && col >= r.left && col <= r.right;

const clamp = (n: number, max: number) => Math.max(0, Math.min(n, Math.max(0, max - 1)));

/** Moves a position one step (or to the edge with `jump`, like Ctrl+arrow), inside the bounds. */
export function step(pos: CellPos, dir: Direction, bounds: Bounds, jump = false): CellPos {
  switch (dir) {
    case 'up':
      return { row: jump ? 0 : clamp(pos.row - 1, bounds.rows), col: pos.col };
    case 'down':
      return { row: jump ? clamp(bounds.rows - 1, bounds.rows) : clamp(pos.row + 1, bounds.rows), col: pos.col };
    case 'left':
      return { row: pos.row, col: jump ? 0 : clamp(pos.col - 1, bounds.cols) };
    case 'right':
      return { row: pos.row, col: jump ? clamp(bounds.cols - 1, bounds.cols) : clamp(pos.col + 1, bounds.cols) };
  }
}

/** Shift+arrow: the anchor stays, the focus moves. */
export function extend(range: CellRange, dir: Direction, bounds: Bounds, jump = false): CellRange {
  return { anchor: range.anchor, focus: step(range.focus, dir, bounds, jump) };
}

/** Every position of a rectangle, row by row. */
export function* cellsOf(r: Rect): Generator<CellPos> {
  for (let row = r.top; row <= r.bottom; row++) for (let col = r.left; col <= r.right; col++) yield { row, col };
}

export interface PasteCell {
  /** Offsets from the target's top-left cell. */
  dr: number;
  dc: number;
  text: string;
}

export interface PastePlan {
  cells: PasteCell[];
  rows: number;
  cols: number;
  /** Cells of the block that fall outside the grid's columns (reported, not written). */
  clippedCols: number;
}

/**
 * Where a copied block lands, as a spreadsheet does it: one value over a selected range fills
 * the range; a range whose size is a whole multiple of the block repeats the block; otherwise the
 * block is pasted once from the range's top-left cell. Columns past the last one are clipped.
 */
export function planPaste(block: string[][], target: Rect, bounds: Pick<Bounds, 'cols'>): PastePlan {
  const bRows = block.length;
  const bCols = block.reduce((m, r) => Math.max(m, r.length), 0);
  if (bRows === 0 || bCols === 0) return { cells: [], rows: 0, cols: 0, clippedCols: 0 };
  const tRows = rectRows(target);
  const tCols = rectCols(target);
  const tiles = tRows * tCols > 1 && tRows % bRows === 0 && tCols % bCols === 0;
  const rows = tiles ? tRows : bRows;
  const cols = tiles ? tCols : bCols;
  const maxCols = Math.max(0, bounds.cols - target.left);
  const cells: PasteCell[] = [];
  let clipped = 0;
  for (let dr = 0; dr < rows; dr++) {
    const src = block[dr % bRows]!;
    for (let dc = 0; dc < cols; dc++) {
      const text = src[dc % bCols];
      if (text === undefined) continue; // a short row of a ragged block leaves the cell alone
      if (dc >= maxCols) {
        clipped++;
        continue;
      }
      cells.push({ dr, dc, text });
    }
  }
  return { cells, rows, cols: Math.min(cols, maxCols), clippedCols: clipped };
}
