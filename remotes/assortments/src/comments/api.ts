/**
 * The detail grid's row comments (server: core/comments through the assortments module). A
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

const base = (id: string) => `/assortments/comments/${encodeURIComponent(id)}`;
const rowPath = (id: string, row: string) => `${base(id)}/rows/${encodeURIComponent(row)}`;
const commentPath = (id: string, comment: string) => `${base(id)}/comment/${encodeURIComponent(comment)}`;

/** Every comment query of an assortment starts with this key (a write invalidates them all). */
export const commentsKey = (id: string) => ['assortment', id, 'comments'];
export const threadKey = (id: string, row: string) => [...commentsKey(id), 'row', row];
export const countsKey = (id: string) => [...commentsKey(id), 'counts'];
export const mentionsKey = (id: string, q: string) => [...commentsKey(id), 'mentions', q];

export const getThread = (id: string, row: string, signal?: AbortSignal) => api.get<Thread>(rowPath(id, row), { signal });
export const addComment = (id: string, row: string, body: string) => api.post<Thread>(rowPath(id, row), { body });
export const resolveThread = (id: string, row: string, resolved: boolean) => api.patch<Thread>(rowPath(id, row), { resolved });
export const editComment = (id: string, comment: string, body: string) => api.patch<Thread>(commentPath(id, comment), { body });
export const deleteComment = (id: string, comment: string) => api.delete<Thread>(commentPath(id, comment));
/** Open comments by row id (rows without an open thread are left out). */
export const commentCounts = (id: string, signal?: AbortSignal) => api.get<Record<string, number>>(`${base(id)}/counts`, { signal });
/** Up to 10 colleagues who may see the rows, by name prefix. */
export const mentionSuggestions = (id: string, q: string, signal?: AbortSignal) => api.get<Person[]>(`${base(id)}/mentions`, { signal, query: { q } });

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
