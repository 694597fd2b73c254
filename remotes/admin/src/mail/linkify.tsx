/** Plain mail bodies with their web addresses made into links. */
import type { ReactNode } from 'react';

const URL_RE = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING = /[.,;:!?)\]]+$/;

export interface Piece {
  text: string;
  href?: string;
}

/** Splits `body` into text and links; punctuation after an address stays text. */
export function splitLinks(body: string): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const m of body.matchAll(URL_RE)) {
    const start = m.index ?? 0;
    let url = m[0];
    const tail = TRAILING.exec(url)?.[0] ?? '';
    if (tail) url = url.slice(0, -tail.length);
    if (start > last) out.push({ text: body.slice(last, start) });
    out.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < body.length) out.push({ text: body.slice(last) });
  return out;
}

export function Linkified({ body, renderLink }: { body: string; renderLink: (href: string, key: number) => ReactNode }) {
  return <>{splitLinks(body).map((p, i) => (p.href ? renderLink(p.href, i) : <span key={i}>{p.text}</span>))}</>;
}
