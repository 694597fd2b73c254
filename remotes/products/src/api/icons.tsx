/** Glyphs the product and assortment screens need beyond the kit's sets (same 24×24 outline style). */
import { GridIcon } from '@its/grid';

const paths: Record<string, string> = {
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  archive: 'M3 4h18v4H3zM5 8v12h14V8M10 12h4',
  unarchive: 'M3 4h18v4H3zM5 8v12h14V8M12 18v-6M9.5 14.5L12 12l2.5 2.5',
  duplicate: 'M8 8h12v12H8zM4 16V4h12M14 11v6M11 14h6',
  folderPlus: 'M3 6h6l2 2h10v11H3zM12 11v5M9.5 13.5h5',
  panel: 'M4 4h16v16H4zM14 4v16',
  alert: 'M12 3L2 20h20zM12 10v4M12 17h.01',
  list: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  open: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  dynamic: 'M4 6h16M7 12h10M10 18h4',
  label: 'M3 12V4h8l10 10-8 8zM7.5 8.5h.01',
};

/** A glyph of this set, else of the grid kit's and the kit's sets; `filled` fills it (a set star). */
export function ProductIcon({ name, size = 18, filled = false }: { name: string; size?: number; filled?: boolean }) {
  const d = paths[name];
  if (!d) return <GridIcon name={name} size={size} />;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" data-icon={name}>
      <path d={d} />
    </svg>
  );
}
