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
  sortAsc: 'M12 19V5M6 11l6-6 6 6',
  sortDesc: 'M12 5v14M6 13l6 6 6-6',
  sortNone: 'M8 4v16M4 8l4-4 4 4M16 20V4M12 16l4 4 4-4',
  pinLeft: 'M4 4v16M9 9h6l2-4h-10l2 4zM12 9v6M12 15v5',
  pinRight: 'M20 4v16M9 9h6l2-4h-10l2 4zM12 9v6M12 15v5',
  unpin: 'M9 9h6l2-4H7l2 4zM12 9v11M4 4l16 16',
  eyeOff: 'M3 3l18 18M10.6 6.1A9.8 9.8 0 0112 6c5 0 9 6 9 6a17 17 0 01-2.9 3.4M6.3 7.6C4.2 9.1 3 12 3 12s4 6 9 6a8.6 8.6 0 004.1-1M9.9 9.9a3 3 0 004.2 4.2',
  eye: 'M3 12s4-6 9-6 9 6 9 6-4 6-9 6-9-6-9-6zM12 15a3 3 0 100-6 3 3 0 000 6z',
  autosize: 'M4 5v14M20 5v14M8 12h8M10 9l-3 3 3 3M14 9l3 3-3 3',
  dots: 'M12 6h.01M12 12h.01M12 18h.01',
  editCells: 'M4 4h7v7H4zM4 15h7v5H4zM15 4h5v5h-5zM13 20l1-4 6-6 3 3-6 6z',
  filterOff: 'M3 5h18l-7 8v6l-4 2v-8zM16 16l5 5M21 16l-5 5',
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
