import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify';

describe('mail links', () => {
  it('makes addresses links and leaves the sentence punctuation as text', () => {
    const body = 'Hello Pat,\n\nset it here: https://its.example.com/set-password/u1/abc/new.\nOr (http://x.test/a?b=1).';
    expect(splitLinks(body)).toEqual([
      { text: 'Hello Pat,\n\nset it here: ' },
      { text: 'https://its.example.com/set-password/u1/abc/new', href: 'https://its.example.com/set-password/u1/abc/new' },
      { text: '.\nOr (' },
      { text: 'http://x.test/a?b=1', href: 'http://x.test/a?b=1' },
      { text: ').' },
    ]);
    expect(splitLinks('no links')).toEqual([{ text: 'no links' }]);
  });
});
