/** Glyphs the grid's toolbar and menus need beyond the kit's icon set (same 24×24 outline style). */
import { Icon } from '@its/kit';

const paths: Record<string, string> = {
  undo: 'M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 010 11H11',
  redo: 'M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 000 11H13',
  plus: 'M12 5v14M5 12h14',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  paste: 'M9 4h6v3H9zM8 5H5v16h14V5h-3M9 12h6M9 16h6',
  eraser: 'M16 3l5 5-11 11H5l-2-2L16 3zM9 9l6 6M10 21h11',
  expand: 'M7 10l5 5 5-5M7 4l5 5 5-5',
  collapse: 'M7 14l5-5 5 5M7 20l5-5 5 5',
  excel: 'M7 3h8l5 5v13H7zM15 3v5h5M10 12l4 5M14 12l-4 5',
  group: 'M4 5h16M8 10h12M8 15h12M4 5v14',
  save: 'M5 4h11l3 3v13H5zM8 4v5h7V4M8 20v-6h8v6',
  history: 'M3 12a9 9 0 109-9 9.7 9.7 0 00-6.7 2.8L3 8M3 3v5h5M12 7v5l4 2',
  transfer: 'M4 8h13M13 4l4 4-4 4M20 16H7M11 12l-4 4 4 4',
};

export function GridIcon({ name, size = 18 }: { name: string; size?: number }) {
  const d = paths[name];
  if (!d) return <Icon name={name} size={size} />;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" data-icon={name}>
      <path d={d} />
    </svg>
  );
}
