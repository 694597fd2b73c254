/**
 * The sort page's editor of a display group's custom content: the html in a textarea with a live
 * preview rendered from the sanitised html, saved CUSTOM_CONTENT_DEBOUNCE_MS after the last
 * keystroke (spec platform §9); the preview image and the source file uploaded with progress
 * and saved as soon as they are stored. Every save is an updateDisplayGroup batch on the sort's
 * version, so a stale page is refused like a stale move.
 */
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ProductIcon } from '@its/remote-products/api';
import { StorageUploadError, toast } from '@its/kit';
import { errorText } from '../messages';
import { ContentImage, SafeHtml } from '../content/GroupContent';
import {
  CUSTOM_CONTENT_DEBOUNCE_MS,
  MAX_HTML_BYTES,
  MAX_IMAGE_BYTES,
  MAX_SOURCE_BYTES,
  PREVIEW_TYPES,
  SOURCE_TYPES,
  contentBody,
  emptyContent,
  fileName,
  fileProblem,
  htmlBytes,
  uploadContentFile,
} from '../content/customContent';
import { contentMsg } from '../content/messages';
import type { CustomContent, DisplayGroup } from './model';

interface Props {
  assortmentId: string;
  group: DisplayGroup;
  onSave: (content: CustomContent) => Promise<unknown>;
  onClose: () => void;
}

type Slot = 'preview' | 'source';

function useSizes() {
  const intl = useIntl();
  return (bytes: number) =>
    bytes >= 1048576
      ? intl.formatNumber(bytes / 1048576, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
      : intl.formatNumber(bytes / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });
}

function FileSlot({ slot, label, hint, accept, current, progress, onPick, onRemove }: {
  slot: Slot;
  label: string;
  hint: string;
  accept: string[];
  current: string;
  progress: { name: string; value: number } | null;
  onPick: (f: File) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className="gc-slot" data-testid={`content-slot-${slot}`}>
      <label htmlFor={id} className="gc-slot__label">
        {label}
      </label>
      <span className="gc-slot__hint">{hint}</span>
      <div className="gc-slot__row">
        <input
          id={id}
          ref={input}
          type="file"
          accept={accept.join(',')}
          className="gc-slot__input"
          data-testid={`content-file-${slot}`}
          disabled={!!progress}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) onPick(f);
          }}
        />
        <button type="button" className="its-btn its-btn--secondary its-btn--sm" disabled={!!progress} onClick={() => input.current?.click()}>
          <ProductIcon name="upload" size={14} />
          {intl.formatMessage(current ? contentMsg.replace : contentMsg.choose)}
        </button>
        {current && !progress && (
          <>
            <span className="gc-slot__name" data-testid={`content-name-${slot}`}>
              {fileName(current)}
            </span>
            <button type="button" className="its-btn its-btn--ghost its-btn--sm" onClick={onRemove} data-testid={`content-remove-${slot}`}>
              {intl.formatMessage(contentMsg.remove)}
            </button>
          </>
        )}
      </div>
      {progress && (
        <div className="gc-progress" role="status" data-testid={`content-progress-${slot}`}>
          <progress max={1} value={progress.value} />
          <span>{intl.formatMessage(contentMsg.uploading, { name: progress.name, percent: progress.value })}</span>
        </div>
      )}
    </div>
  );
}

export function CustomContentEditor({ assortmentId, group, onSave, onClose }: Props) {
  const intl = useIntl();
  const size = useSizes();
  const [content, setContent] = useState<CustomContent>(() => ({ ...emptyContent(), ...group.customContent }));
  const [localImage, setLocalImage] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<Slot, { name: string; value: number } | null>>({ preview: null, source: null });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(content);
  latest.current = content;
  const saveRef = useRef(onSave);
  saveRef.current = onSave;
  const bytes = useMemo(() => htmlBytes(content.html), [content.html]);
  const tooLong = bytes > MAX_HTML_BYTES;
  const areaId = useId();

  const save = (c: CustomContent) => void saveRef.current(contentBody(c)).catch(() => undefined);
  const flush = () => {
    if (!timer.current) return;
    clearTimeout(timer.current);
    timer.current = null;
    if (htmlBytes(latest.current.html) <= MAX_HTML_BYTES) save(latest.current);
  };
  const flushOnClose = useEffectEvent(flush);
  useEffect(() => () => flushOnClose(), []); // closing the editor sends what is still waiting
  useEffect(() => () => void (localImage && URL.revokeObjectURL(localImage)), [localImage]);

  const onHtml = (html: string) => {
    const next = { ...latest.current, html };
    setContent(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (htmlBytes(html) <= MAX_HTML_BYTES) save(next);
    }, CUSTOM_CONTENT_DEBOUNCE_MS);
  };

  const pick = async (slot: Slot, file: File) => {
    const problem = fileProblem(file, slot);
    if (problem) {
      const types = (slot === 'preview' ? PREVIEW_TYPES : SOURCE_TYPES).join(', ');
      toast.error(
        problem === 'type'
          ? intl.formatMessage(contentMsg.badType, { name: file.name, types })
          : intl.formatMessage(contentMsg.tooLarge, { name: file.name, size: size(PREVIEW_TYPES.includes(file.name.slice(file.name.lastIndexOf('.')).toLowerCase()) ? MAX_IMAGE_BYTES : MAX_SOURCE_BYTES) }),
      );
      return;
    }
    setProgress((p) => ({ ...p, [slot]: { name: file.name, value: 0 } }));
    try {
      const res = await uploadContentFile(assortmentId, file, (value) => setProgress((p) => ({ ...p, [slot]: { name: file.name, value } })));
      flush();
      const next = slot === 'preview' ? { ...latest.current, previewJpg: res.previewJpg ?? '' } : { ...latest.current, sourceFile: res.sourceFile };
      if (slot === 'preview') setLocalImage(URL.createObjectURL(file));
      setContent(next);
      save(next);
      toast.success(intl.formatMessage(contentMsg.uploaded, { name: file.name }));
    } catch (e) {
      toast.error(
        e instanceof StorageUploadError
          ? intl.formatMessage(contentMsg.storageFailed)
          : intl.formatMessage(contentMsg.uploadFailed, { name: file.name, message: errorText(e) }),
      );
    } finally {
      setProgress((p) => ({ ...p, [slot]: null }));
    }
  };

  const remove = (slot: Slot) => {
    flush();
    const next = slot === 'preview' ? { ...latest.current, previewJpg: '' } : { ...latest.current, sourceFile: '' };
    if (slot === 'preview') setLocalImage(null);
    setContent(next);
    save(next);
  };

  const imageUrl = content.previewJpg ? (localImage ?? group.customContent?.previewUrl) : undefined;
  return (
    <div className="gc-editor" role="region" aria-label={intl.formatMessage(contentMsg.editor, { title: group.title })} data-testid="content-editor">
      <div className="gc-editor__fields">
        <label htmlFor={areaId} className="gc-slot__label">
          {intl.formatMessage(contentMsg.html)}
        </label>
        <span className="gc-slot__hint">{intl.formatMessage(contentMsg.htmlHint)}</span>
        <textarea
          id={areaId}
          className={`its-input gc-editor__html${tooLong ? ' is-invalid' : ''}`}
          value={content.html}
          rows={8}
          spellCheck
          aria-invalid={tooLong || undefined}
          data-testid="content-html"
          onChange={(e) => onHtml(e.target.value)}
          onBlur={flush}
        />
        {tooLong && (
          <span className="gc-error" role="alert" data-testid="content-too-long">
            {intl.formatMessage(contentMsg.tooLong, { size: size(bytes), limit: size(MAX_HTML_BYTES) })}
          </span>
        )}
        <FileSlot
          slot="preview"
          label={intl.formatMessage(contentMsg.image)}
          hint={intl.formatMessage(contentMsg.imageHint, { size: size(MAX_IMAGE_BYTES) })}
          accept={PREVIEW_TYPES}
          current={content.previewJpg}
          progress={progress.preview}
          onPick={(f) => void pick('preview', f)}
          onRemove={() => remove('preview')}
        />
        <FileSlot
          slot="source"
          label={intl.formatMessage(contentMsg.source)}
          hint={intl.formatMessage(contentMsg.sourceHint, { size: size(MAX_SOURCE_BYTES) })}
          accept={SOURCE_TYPES}
          current={content.sourceFile}
          progress={progress.source}
          onPick={(f) => void pick('source', f)}
          onRemove={() => remove('source')}
        />
      </div>
      <div className="gc-editor__preview" aria-live="polite">
        <div className="gc-editor__previewHead">
          <span className="gc-slot__label">{intl.formatMessage(contentMsg.preview)}</span>
          <button type="button" className="its-btn its-btn--ghost its-btn--sm" onClick={onClose} data-testid="content-close">
            {intl.formatMessage(contentMsg.close)}
          </button>
        </div>
        <div className="gc gc--sort" data-testid="content-preview">
          <ContentImage url={imageUrl} title={group.title} />
          <div className="gc-body">
            <SafeHtml html={content.html} className="gc-html" testId="content-preview-html" />
            {!content.html && !imageUrl && <span className="gc-slot__hint">{intl.formatMessage(contentMsg.previewEmpty)}</span>}
          </div>
        </div>
      </div>
    </div>
  );
}
