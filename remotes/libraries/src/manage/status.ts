/**
 * The manage grid's status rules on the client: which edits move items to another status (they
 * are confirmed first), what a batch moved (for the toast), and the server's publish refusal
 * (spec §5.6) read into the item and its missing fields.
 */
import { ApiError } from '@its/kit';
import type { BatchRequest, CellErrorDetail } from '@its/grid';
import { STATUSES, type AssetStatus } from '../api/types';

export interface PublishProblem {
  id: string;
  name: string;
  /** Grid fields the item misses ('file' for a missing primary file). */
  fields: string[];
}

const isStatus = (v: unknown): v is AssetStatus => typeof v === 'string' && (STATUSES as readonly string[]).includes(v);

/** The statuses proposed edits move items to (empty: nothing to confirm). */
export function statusTargets(changes: ReadonlyArray<{ field: string; before: unknown; after: unknown }>): AssetStatus[] {
  const out = new Set<AssetStatus>();
  for (const c of changes) if (c.field === 'status' && isStatus(c.after) && c.after !== c.before) out.add(c.after);
  return [...out];
}

/** How many items a batch moved to each status (undo and bulk moves included). */
export function statusMoves(req: BatchRequest): Array<{ status: AssetStatus; count: number }> {
  const counts = new Map<AssetStatus, number>();
  for (const u of req.update ?? []) {
    const to = u.changes.status;
    if (isStatus(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  if (req.delete?.length) counts.set('Deleted', (counts.get('Deleted') ?? 0) + req.delete.length);
  return [...counts].map(([status, count]) => ({ status, count }));
}

const details = (e: ApiError): CellErrorDetail[] => (Array.isArray(e.details) ? (e.details as CellErrorDetail[]) : []);

/**
 * Reads the server's publish refusal: a 400 whose cell errors have rule 'publish', one per
 * missing field, the message naming the item ('"Spring hero" cannot be published: missing …').
 */
export function publishProblem(e: unknown, nameOf: (id: string) => string | undefined = () => undefined): PublishProblem | null {
  if (!(e instanceof ApiError) || e.status !== 400) return null;
  const refused = details(e).filter((d) => d.rule === 'publish' && d.id);
  if (refused.length === 0) return null;
  const id = refused[0]!.id!;
  const fields = [...new Set(refused.filter((d) => d.id === id && d.field).map((d) => d.field!))];
  const quoted = /^"(.*)" cannot be published/.exec(refused[0]!.message ?? e.message)?.[1];
  return { id, name: quoted || nameOf(id) || '', fields };
}

/** The refusal without its publish errors: what the grid kit still reports itself. */
export function withoutPublish(e: ApiError): ApiError {
  const rest = details(e).filter((d) => d.rule !== 'publish');
  return new ApiError(e.status, { message: rest[0]?.message ?? e.message, messageCode: e.messageCode, details: rest, requestId: e.requestId });
}
