/** An asset's picture: its signed thumbnail, or a tile naming the file type. */
import { useState } from 'react';
import type { Asset, AssetFile } from '../api/types';

export const primaryFile = (a: Asset): AssetFile | undefined => a.files.find((f) => f.usageType === 'Primary') ?? a.files[0];
export const workingFile = (a: Asset): AssetFile | undefined => a.files.find((f) => f.usageType === 'Working File');

export const extOf = (filename: string | undefined) => {
  const m = /\.([a-z0-9]+)$/i.exec(filename ?? '');
  return m ? m[1]!.toUpperCase() : '';
};

const TONES: Record<string, string> = { PDF: 'red', PSD: 'blue', AI: 'amber', EPS: 'amber', INDD: 'rose', MP4: 'violet', MOV: 'violet', ZIP: 'slate', DOCX: 'blue', XLSX: 'green', PPTX: 'orange', SVG: 'teal' };

export function FileThumb({ asset, size = 'card', alt }: { asset: Asset; size?: 'card' | 'row' | 'large'; alt: string }) {
  const f = primaryFile(asset);
  const src = size === 'large' ? f?.previewJpg || f?.thumbnail : f?.thumbnail;
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <span className={`lib-thumb lib-thumb--${size}`}>
        <img src={src} alt={alt} loading="lazy" decoding="async" onError={() => setBroken(true)} />
      </span>
    );
  }
  const ext = extOf(f?.filename) || '?';
  return (
    <span className={`lib-thumb lib-thumb--${size} lib-thumb--file lib-tone--${TONES[ext] ?? 'slate'}`} role="img" aria-label={alt}>
      <span className="lib-thumb__ext">{ext}</span>
    </span>
  );
}
