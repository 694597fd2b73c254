/**
 * Copy, cut and paste reach the grid as clipboard events while a cell (not an editor) has focus;
 * the context menu's Copy and Paste go through the Clipboard API instead (useClipboardActions).
 */
import { useCallback, useEffect, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { toast } from '@its/kit';
import type { GridController } from '../controller';
import { writeClipboardLater } from '../clipboard';
import { m } from '../messages';

export function useClipboardEvents(ctrl: GridController, wrapper: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const inGrid = (target: EventTarget | null) => {
      const el = target instanceof Node ? target : null;
      const box = wrapper.current;
      if (!box || !el || !box.contains(el)) return false;
      const active = document.activeElement;
      return !(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement);
    };
    const onCopy = (e: ClipboardEvent) => {
      if (!inGrid(e.target) || !ctrl.api || ctrl.api.getEditingCells().length) return;
      const cut = e.type === 'cut';
      // Rows not read yet: their blocks are read first and the text goes to the clipboard after.
      if (ctrl.rangeUnread()) {
        e.preventDefault();
        void writeClipboardLater(ctrl.copyTextRead()).then((done) => {
          if (done && cut) ctrl.clearRange();
        });
        return;
      }
      const text = ctrl.copyText();
      if (text === null) return;
      e.clipboardData?.setData('text/plain', text);
      e.preventDefault();
      if (cut) ctrl.clearRange();
    };
    const onPaste = (e: ClipboardEvent) => {
      if (!inGrid(e.target) || !ctrl.api || ctrl.api.getEditingCells().length) return;
      const text = e.clipboardData?.getData('text/plain') ?? '';
      e.preventDefault();
      if (text) void ctrl.paste(text);
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [ctrl, wrapper]);
}

/** The context menu's Copy and Paste: through the Clipboard API (a paste it refuses points to Ctrl+V). */
export function useClipboardActions(ctrl: GridController): { copy: () => void; paste: () => void } {
  const intl = useIntl();
  const copy = useCallback(() => void writeClipboardLater(ctrl.copyTextRead()), [ctrl]);
  const paste = useCallback(() => {
    const read = navigator.clipboard?.readText?.();
    if (!read) {
      toast.info(intl.formatMessage(m.pasteShortcut));
      return;
    }
    read.then(
      (text) => void (text && ctrl.paste(text)),
      () => toast.info(intl.formatMessage(m.pasteShortcut)),
    );
  }, [ctrl, intl]);
  return { copy, paste };
}
