/**
 * Text that is ready only later (rows still to be read from the server) put on the clipboard.
 * The write is asked for at once, while the user's copy gesture still counts, with a
 * ClipboardItem that holds a promise (as Chromium and Safari take it); where there is no
 * ClipboardItem the text is written when it is ready.
 */

/** Resolves true when the text went to the clipboard; false when there was none or the write failed. */
export async function writeClipboardLater(text: Promise<string | null>): Promise<boolean> {
  const clip = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clip) return false;
  try {
    if (typeof ClipboardItem !== 'undefined' && typeof clip.write === 'function') {
      const blob = text.then((t) => {
        if (t === null) throw new Error('nothing to copy');
        return new Blob([t], { type: 'text/plain' });
      });
      await clip.write([new ClipboardItem({ 'text/plain': blob })]);
      return true;
    }
    const t = await text;
    if (t === null) return false;
    await clip.writeText(t);
    return true;
  } catch {
    return false;
  }
}
