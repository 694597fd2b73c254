/**
 * Rego for CodeMirror: a stream tokenizer (keywords, built-in names, strings, raw strings,
 * numbers, comments, operators), enough to highlight policies and their tests.
 */
import type { StreamParser } from '@codemirror/language';

const KEYWORDS = new Set(['package', 'import', 'if', 'else', 'default', 'not', 'some', 'every', 'in', 'contains', 'as', 'with']);
const ATOMS = new Set(['true', 'false', 'null']);
const SPECIAL = new Set(['input', 'data', 'allow', 'actions', 'granted']);

export const regoParser: StreamParser<{ inRaw: boolean }> = {
  name: 'rego',
  startState: () => ({ inRaw: false }),
  token(stream, state) {
    if (state.inRaw) {
      if (stream.skipTo('`')) {
        stream.next();
        state.inRaw = false;
      } else stream.skipToEnd();
      return 'string';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('#')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('`')) {
      state.inRaw = true;
      return 'string';
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return 'string';
    if (stream.match(/^-?\d+(\.\d+)?([eE][+-]?\d+)?/)) return 'number';
    if (stream.match(/^(:=|==|!=|<=|>=|[=<>+\-*/%|&])/)) return 'operator';
    const word = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/) as RegExpMatchArray | null;
    if (word) {
      const w = word[0];
      if (KEYWORDS.has(w)) return 'keyword';
      if (ATOMS.has(w)) return 'atom';
      if (SPECIAL.has(w)) return 'variableName.special';
      if (w.startsWith('test_')) return 'definition';
      if (stream.peek() === '(') return 'function';
      return 'variableName';
    }
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: '#' } },
};
