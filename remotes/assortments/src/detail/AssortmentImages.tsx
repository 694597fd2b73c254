/**
 * The assortment's logo and thumbnail (spec §3.2) on its manage page: each shown as stored, and
 * for an editor uploaded, replaced or removed. A file is an `assortmentLogo` upload into the
 * assortment's folder (core/uploads); its type and size are checked before anything is sent,
 * then the stored key is set by PATCH.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FileInput, Spinner, constants, uploadFile } from '@its/kit';
import type { Assortment, PatchBody } from '../api';
import { errorText } from '../messages';

export const LOGO_MAX_BYTES = constants.assortments.logoMaxBytes;
/** The image types the upload flow takes for a logo (core/uploads Images). */
export const IMAGE_TYPES = ['.jpg', '.jpeg', '.png', '.gif', '.tif', '.tiff', '.webp'];

export type ImageProblem = 'type' | 'size' | null;

/** Why file cannot be a logo or thumbnail, or null. */
export function imageProblem(file: File): ImageProblem {
  const dot = file.name.lastIndexOf('.');
  if (dot < 0 || !IMAGE_TYPES.includes(file.name.slice(dot).toLowerCase())) return 'type';
  return file.size > LOGO_MAX_BYTES ? 'size' : null;
}

type Slot = 'logo' | 'thumbnail';
type Upload = (file: File, fields: Record<string, string>, onProgress: (p: number) => void) => Promise<{ key: string }>;

function ImageSlot({ a, slot, canEdit, onPatch, upload }: { a: Assortment; slot: Slot; canEdit: boolean; onPatch: (body: PatchBody) => Promise<unknown>; upload: Upload }) {
  const intl = useIntl();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState('');
  const url = slot === 'logo' ? a.logoUrl : a.thumbnailUrl;
  const label =
    slot === 'logo'
      ? intl.formatMessage({ id: 'assortments.images.logo', defaultMessage: 'Logo' })
      : intl.formatMessage({ id: 'assortments.images.thumbnail', defaultMessage: 'Thumbnail' });

  const choose = async (file: File | null) => {
    if (!file) return;
    setError('');
    const problem = imageProblem(file);
    if (problem) {
      setError(
        problem === 'type'
          ? intl.formatMessage({ id: 'assortments.images.badType', defaultMessage: '{name} is not an image. Choose a JPG, PNG, GIF, TIFF or WebP file.' }, { name: file.name })
          : intl.formatMessage(
              { id: 'assortments.images.tooBig', defaultMessage: '{name} is larger than {max, number} MB.' },
              { name: file.name, max: Math.round(LOGO_MAX_BYTES / 1048576) },
            ),
      );
      return;
    }
    setBusy(0);
    try {
      const res = await upload(file, { usageType: 'assortmentLogo', attachTo: a._id }, setBusy);
      await onPatch({ [slot]: res.key });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <figure className="am-image" data-testid={`image-${slot}`} data-has={url ? 'yes' : 'no'}>
      <div className="am-image__frame">
        {url ? (
          <img src={url} alt={intl.formatMessage({ id: 'assortments.images.alt', defaultMessage: '{kind} of {title}' }, { kind: label, title: a.title })} />
        ) : (
          <span className="am-image__empty">
            {slot === 'logo' ? (
              <FormattedMessage id="assortments.images.noLogo" defaultMessage="No logo" />
            ) : (
              <FormattedMessage id="assortments.images.noThumbnail" defaultMessage="No thumbnail" />
            )}
          </span>
        )}
      </div>
      <figcaption>
        <strong>{label}</strong>
        {canEdit && (
          <span className="am-image__actions">
            <FileInput file={null} onChange={(f) => void choose(f)} accept={IMAGE_TYPES.join(',')} disabled={busy !== null} aria-label={label} data-testid={`image-${slot}-file`} />
            {url && (
              <button type="button" className="its-btn its-btn--ghost" disabled={busy !== null} onClick={() => void onPatch({ [slot]: '' })} data-testid={`image-${slot}-remove`}>
                <FormattedMessage id="assortments.images.remove" defaultMessage="Remove" />
              </button>
            )}
            {busy !== null && (
              <span className="am-hint" role="status">
                <Spinner size={14} />
                <FormattedMessage id="assortments.images.uploading" defaultMessage="Uploading {p, number, percent}" values={{ p: busy }} />
              </span>
            )}
          </span>
        )}
        {error && (
          <span className="its-form-error" role="alert">
            {error}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

export function AssortmentImages({ a, canEdit, onPatch, upload = uploadFile }: { a: Assortment; canEdit: boolean; onPatch: (body: PatchBody) => Promise<unknown>; upload?: Upload }) {
  return (
    <section className="am-images" data-testid="assortment-images">
      <ImageSlot a={a} slot="logo" canEdit={canEdit} onPatch={onPatch} upload={upload} />
      <ImageSlot a={a} slot="thumbnail" canEdit={canEdit} onPatch={onPatch} upload={upload} />
    </section>
  );
}
