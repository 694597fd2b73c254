/**
 * Collects cell edits of a manage grid and sends them after 1,500 ms of quiet (the spec's library
 * update debounce), as few PATCH .../batch/many calls as possible: items that get the same
 * changes share one call. A failed call reports its edits so the grid can put the old values back.
 */

export const LIBRARY_UPDATE_DEBOUNCE_MS = 1500;

export interface CellEdit {
  id: string;
  field: string;
  value: string | null;
  oldValue: string | null;
}

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface BatchCall {
  ids: string[];
  set: Record<string, string | null>;
}

/** Groups edits (the last per cell wins) into calls: one per distinct set of changes. */
export function groupEdits(edits: CellEdit[]): { call: BatchCall; edits: CellEdit[] }[] {
  const perItem = new Map<string, Map<string, CellEdit>>();
  for (const e of edits) {
    const m = perItem.get(e.id) ?? new Map<string, CellEdit>();
    const prev = m.get(e.field);
    // Keep the first old value, so a failure restores what the server had.
    m.set(e.field, prev ? { ...e, oldValue: prev.oldValue } : e);
    perItem.set(e.id, m);
  }
  const groups = new Map<string, { call: BatchCall; edits: CellEdit[] }>();
  for (const [id, fields] of perItem) {
    const set = Object.fromEntries([...fields.values()].sort((a, b) => a.field.localeCompare(b.field)).map((e) => [e.field, e.value]));
    const key = JSON.stringify(set);
    const g = groups.get(key) ?? { call: { ids: [], set }, edits: [] };
    g.call.ids.push(id);
    g.edits.push(...fields.values());
    groups.set(key, g);
  }
  return [...groups.values()];
}

export interface EditBatcherOptions<T> {
  send: (call: BatchCall) => Promise<T>;
  onSaved?: (result: T, edits: CellEdit[]) => void;
  onFailed?: (error: unknown, edits: CellEdit[]) => void;
  onState?: (state: SaveState) => void;
  delayMs?: number;
}

export class EditBatcher<T> {
  private queue: CellEdit[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> = Promise.resolve();
  private state: SaveState = 'idle';

  constructor(private readonly o: EditBatcherOptions<T>) {}

  get pending(): number {
    return this.queue.length;
  }

  add(edit: CellEdit): void {
    this.queue.push(edit);
    this.setState('pending');
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.o.delayMs ?? LIBRARY_UPDATE_DEBOUNCE_MS);
  }

  /** Sends what is waiting now (before a status change, or when the page goes away). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const edits = this.queue;
    this.queue = [];
    if (edits.length === 0) return this.running;
    this.running = this.running.then(async () => {
      this.setState('saving');
      let failed = false;
      for (const g of groupEdits(edits)) {
        try {
          const res = await this.o.send(g.call);
          this.o.onSaved?.(res, g.edits);
        } catch (e) {
          failed = true;
          this.o.onFailed?.(e, g.edits);
        }
      }
      if (this.queue.length === 0) this.setState(failed ? 'error' : 'saved');
    });
    return this.running;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(s: SaveState) {
    this.state = s;
    this.o.onState?.(s);
  }

  get current(): SaveState {
    return this.state;
  }
}
