/**
 * The Rego code editor: CodeMirror 6 with line numbers, history, bracket matching, Rego
 * highlighting and the server's compile errors and failing tests as inline diagnostics.
 * Loaded lazily by the Rego page only (CodeMirror is not in any other chunk).
 */
import { useEffect, useRef } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { StreamLanguage, bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { regoParser } from './rego';

export interface LineNote {
  row: number;
  message: string;
  severity: 'error' | 'warning';
}

interface Props {
  value: string;
  onChange: (v: string) => void;
  notes: LineNote[];
  label: string;
  testId?: string;
}

const rego = StreamLanguage.define(regoParser);

export default function CodeEditor({ value, onChange, notes, label, testId }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          rego,
          syntaxHighlighting(defaultHighlightStyle),
          lintGutter(),
          EditorView.lineWrapping,
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          // The editable text is a tab stop by name too, so its scrolling pane counts as reachable.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is made once; value and notes are pushed in below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const doc = v.state.doc;
    const diags: Diagnostic[] = notes
      .filter((n) => n.row >= 1 && n.row <= doc.lines)
      .map((n) => {
        const line = doc.line(n.row);
        return { from: line.from, to: line.to, severity: n.severity, message: n.message };
      });
    v.dispatch(setDiagnostics(v.state, diags));
  }, [notes, value]);

  return <div ref={host} className="pol-code" data-testid={testId} />;
}
