/**
 * A grid's row comments (server: core/comments, mounted by the grid's module at a base route such
 * as `/assortments/comments/{id}`, each call below taking that base, under /api). A
 * comment's body is plain text in which @[Display Name](userId) mentions a colleague; the server
 * reads the mentions from those tokens and refuses one who may not see the row.
 */
import { api } from '@its/kit';

export interface Person {
  id: string;
  fullName: string;
  email?: string;
}

export interface RowComment {
  id: string;
  author: Person;
  body: string;
  mentions: string[];
  createdAt: string;
  editedAt: string | null;
  mine: boolean;
}

export interface Thread {
  row: string;
  resolved: boolean;
  resolvedBy: Person | null;
  resolvedAt: string | null;
  comments: RowComment[];
}

const rowPath = (base: string, row: string) => `${base}/rows/${encodeURIComponent(row)}`;
const commentPath = (base: string, comment: string) => `${base}/comment/${encodeURIComponent(comment)}`;

/** Every comment query of a grid's object starts with this key (a write invalidates them all). */
export const commentsKey = (base: string) => ['rowComments', base];
export const threadKey = (base: string, row: string) => [...commentsKey(base), 'row', row];
export const countsKey = (base: string) => [...commentsKey(base), 'counts'];
export const mentionsKey = (base: string, q: string) => [...commentsKey(base), 'mentions', q];

export const getThread = (base: string, row: string, signal?: AbortSignal) => api.get<Thread>(rowPath(base, row), { signal });
export const addComment = (base: string, row: string, body: string) => api.post<Thread>(rowPath(base, row), { body });
export const resolveThread = (base: string, row: string, resolved: boolean) => api.patch<Thread>(rowPath(base, row), { resolved });
export const editComment = (base: string, comment: string, body: string) => api.patch<Thread>(commentPath(base, comment), { body });
export const deleteComment = (base: string, comment: string) => api.delete<Thread>(commentPath(base, comment));
/** Open comments by row id (rows without an open thread are left out). */
export const commentCounts = (base: string, signal?: AbortSignal) => api.get<Record<string, number>>(`${base}/counts`, { signal });
/** Up to 10 colleagues who may see the rows, by name prefix. */
export const mentionSuggestions = (base: string, q: string, signal?: AbortSignal) => api.get<Person[]>(`${base}/mentions`, { signal, query: { q } });

/** A piece of a comment's body: text, or a mention of a colleague. */
export type BodyPart = { text: string } | { mention: string; userId: string };

const MENTION = /@\[([^[\]\n]{1,200})\]\(([0-9a-fA-F-]{36})\)/g;

/** Splits a body into its text and its mentions. */
export function bodyParts(body: string): BodyPart[] {
  const out: BodyPart[] = [];
  let last = 0;
  for (const m of body.matchAll(MENTION)) {
    if (m.index > last) out.push({ text: body.slice(last, m.index) });
    out.push({ mention: m[1] ?? '', userId: m[2] ?? '' });
    last = m.index + m[0].length;
  }
  if (last < body.length) out.push({ text: body.slice(last) });
  return out;
}

/** The token that mentions p in a body. */
export const mentionToken = (p: Person) => `@[${p.fullName.replace(/[[\]\n]/g, ' ')}](${p.id})`;

/** The name being typed after an @ just before the caret (null: not typing a mention). */
export function mentionQuery(text: string, caret: number): { start: number; q: string } | null {
  const m = /(^|\s)@([^\s@[\]()]{0,30})$/.exec(text.slice(0, caret));
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, q: m[2]! };
}
