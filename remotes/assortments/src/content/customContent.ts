/**
 * A display group's custom content (spec §3.2 customContent): html, a preview image and a
 * source file. The server sanitises the html it stores (modules/assortments/groupcontent.go);
 * the page sanitises it again with DOMPurify before it renders it, with the same rules: no
 * script, style, frame, form or SVG, no event handler or style attribute, links and images
 * only over http, https and mailto. The files are `displayGroup` uploads of the assortment.
 */
import DOMPurify from 'dompurify';
import { constants, uploadFile } from '@its/kit';
import type { CustomContent } from '../sort/model';

/** Spec platform §9: custom content edits are saved this long after the last keystroke. */
export const CUSTOM_CONTENT_DEBOUNCE_MS = constants.assortments.customContentDebounceMs;
export const MAX_HTML_BYTES = constants.assortments.contentMaxHTMLBytes;
export const MAX_IMAGE_BYTES = constants.assortments.contentMaxImageBytes;
export const MAX_SOURCE_BYTES = constants.assortments.contentMaxSourceBytes;

/** The preview image's types (a preview is drawn from them) and the source file's. */
export const PREVIEW_TYPES = ['.jpg', '.jpeg', '.png', '.gif'];
export const SOURCE_TYPES = [...PREVIEW_TYPES, '.tif', '.tiff', '.webp', '.pdf', '.psd', '.ai'];

const SAFE_URL = /^(?:https?:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * html as a group may show it. An image the author gave no text alternative is marked
 * decorative (alt="") so that a screen reader skips it instead of reading its file name
 * (WCAG 1.1.1); an author's own alt text is kept.
 */
export function sanitizeHtml(html: string): string {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_URI_REGEXP: SAFE_URL,
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'svg', 'math', 'object', 'embed'],
    FORBID_ATTR: ['style', 'class', 'id'],
    RETURN_DOM_FRAGMENT: true,
  });
  fragment.querySelectorAll('img:not([alt])').forEach((img) => img.setAttribute('alt', ''));
  const holder = document.createElement('div');
  holder.appendChild(fragment);
  return holder.innerHTML;
}

/** The UTF-8 size of html, which the server's limit counts. */
export const htmlBytes = (html: string) => new TextEncoder().encode(html).length;

export const emptyContent = (): CustomContent => ({ html: '', previewJpg: '', sourceFile: '' });

/** The content as the batch sends it (the keys, not the signed links). */
export const contentBody = (c: CustomContent): CustomContent => ({ html: c.html, previewJpg: c.previewJpg, sourceFile: c.sourceFile });

export const hasContent = (c: CustomContent | undefined): c is CustomContent => !!c && !!(c.html || c.previewJpg || c.sourceFile);

const ext = (name: string) => {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i).toLowerCase();
};

export type FileProblem = 'type' | 'size' | null;

/** Why file cannot be the preview image (slot 'preview') or the source file, before anything is sent. */
export function fileProblem(file: File, slot: 'preview' | 'source'): FileProblem {
  const e = ext(file.name);
  if (!(slot === 'preview' ? PREVIEW_TYPES : SOURCE_TYPES).includes(e)) return 'type';
  const limit = [...PREVIEW_TYPES, '.tif', '.tiff', '.webp'].includes(e) ? MAX_IMAGE_BYTES : MAX_SOURCE_BYTES;
  return file.size > limit ? 'size' : null;
}

/** The answer of a finished custom content upload. */
export interface ContentUploaded {
  sourceFile: string;
  previewJpg?: string;
}

/** Uploads file as custom content of the assortment; progress goes 0..1. */
export const uploadContentFile = (assortmentId: string, file: File, onProgress: (p: number) => void) =>
  uploadFile<ContentUploaded>(file, { usageType: 'displayGroup', attachTo: assortmentId }, onProgress);

/** The file name of a stored key. */
export const fileName = (key: string) => key.slice(key.lastIndexOf('/') + 1);
