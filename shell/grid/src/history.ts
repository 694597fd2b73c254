/**
 * Undo/redo of cell edits (spec §4.2): changes are gathered for 100 ms, then handed on as one
 * batch and pushed to the history as one step. A paste (or any bulk action) is one step of its
 * own. Column, settings, delete, add, list-sort and rename changes are never in the history.
 * Steps name rows by id and fields by name, so they survive sorting, filtering and reloading.
 */
import type { CellValue } from './types';
import { sameValue } from './rules';

export interface CellChange {
  rowId: string;
  field: string;
  before: CellValue;
  after: CellValue;
}

export type ChangeKind =
  | 'edit'
  | 'paste'
  | 'clear'
  | 'fill'
  | 'undo'
  | 'redo'
  | 'column'
  | 'settings'
  | 'delete'
  | 'add'
  | 'listSort'
  | 'rename';

/** The kinds of change that can be undone. */
export const UNDOABLE: ReadonlySet<ChangeKind> = new Set<ChangeKind>(['edit', 'paste', 'clear', 'fill']);

export interface HistoryStep {
  id: number;
  kind: ChangeKind;
  changes: CellChange[];
}

export interface HistoryOptions {
  /** How long changes are gathered into one step (spec: 100 ms). */
  windowMs?: number;
  /** Most steps kept. */
  limit?: number;
  /** Called with each gathered batch (to send it), whether or not it enters the history. */
  onFlush?: (step: HistoryStep, undoable: boolean) => void;
  /** Called whenever what can be undone or redone changes. */
  onChange?: () => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const key = (c: Pick<CellChange, 'rowId' | 'field'>) => `${c.rowId}\u0000${c.field}`;

/** Keeps the first `before` and the last `after` of each cell; drops cells that end unchanged. */
export function mergeChanges(changes: CellChange[]): CellChange[] {
  const byCell = new Map<string, CellChange>();
  for (const c of changes) {
    const k = key(c);
    const prev = byCell.get(k);
    if (prev) byCell.set(k, { ...prev, after: c.after });
    else byCell.set(k, { ...c });
  }
  return [...byCell.values()].filter((c) => !sameValue(c.before, c.after));
}

export const invert = (changes: CellChange[]): CellChange[] =>
  changes.map((c) => ({ rowId: c.rowId, field: c.field, before: c.after, after: c.before }));

export class History {
  private undoStack: HistoryStep[] = [];
  private redoStack: HistoryStep[] = [];
  private open: CellChange[] = [];
  private openKind: ChangeKind = 'edit';
  private timer: unknown = null;
  private nextId = 1;
  private readonly windowMs: number;
  private readonly limit: number;
  private readonly opts: HistoryOptions;

  constructor(opts: HistoryOptions = {}) {
    this.opts = opts;
    this.windowMs = opts.windowMs ?? 100;
    this.limit = opts.limit ?? 200;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0 || this.open.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0 && this.open.length === 0;
  }

  get undoDepth(): number {
    return this.undoStack.length;
  }

  get redoDepth(): number {
    return this.redoStack.length;
  }

  /** Cell edits typed one by one: gathered for the window, then flushed as one step. */
  record(changes: CellChange[], kind: ChangeKind = 'edit'): void {
    if (changes.length === 0) return;
    if (this.open.length > 0 && kind !== this.openKind) this.flush();
    this.open.push(...changes);
    this.openKind = kind;
    if (this.timer === null) {
      const set = this.opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
      this.timer = set(() => {
        this.timer = null;
        this.flush();
      }, this.windowMs);
    }
    this.opts.onChange?.();
  }

  /** A bulk action (paste, fill, clear of a range, or a change kept out of the history): one step, now. */
  commit(changes: CellChange[], kind: ChangeKind): HistoryStep | null {
    this.flush();
    return this.push(changes, kind);
  }

  /** Closes the gathering window at once. */
  flush(): HistoryStep | null {
    if (this.timer !== null) {
      (this.opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
      this.timer = null;
    }
    if (this.open.length === 0) return null;
    const changes = this.open;
    this.open = [];
    return this.push(changes, this.openKind);
  }

  private push(raw: CellChange[], kind: ChangeKind): HistoryStep | null {
    const changes = mergeChanges(raw);
    if (changes.length === 0) {
      this.opts.onChange?.();
      return null;
    }
    const step: HistoryStep = { id: this.nextId++, kind, changes };
    const undoable = UNDOABLE.has(kind);
    if (undoable) {
      this.undoStack.push(step);
      if (this.undoStack.length > this.limit) this.undoStack.shift();
      this.redoStack = [];
    }
    this.opts.onFlush?.(step, undoable);
    this.opts.onChange?.();
    return step;
  }

  /** The changes that undo the last step (the caller applies and sends them), or null. */
  undo(): HistoryStep | null {
    this.flush();
    const step = this.undoStack.pop();
    if (!step) return null;
    this.redoStack.push(step);
    this.opts.onChange?.();
    return { id: step.id, kind: 'undo', changes: invert(step.changes) };
  }

  /** The changes that redo the last undone step, or null. */
  redo(): HistoryStep | null {
    this.flush();
    const step = this.redoStack.pop();
    if (!step) return null;
    this.undoStack.push(step);
    this.opts.onChange?.();
    return { id: step.id, kind: 'redo', changes: step.changes.map((c) => ({ ...c })) };
  }

  /** Forgets a step whose save failed (nothing of it was written). */
  drop(stepId: number): void {
    this.undoStack = this.undoStack.filter((s) => s.id !== stepId);
    this.redoStack = this.redoStack.filter((s) => s.id !== stepId);
    this.opts.onChange?.();
  }

  clear(): void {
    this.flush();
    this.undoStack = [];
    this.redoStack = [];
    this.opts.onChange?.();
  }
}
