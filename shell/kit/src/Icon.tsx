import type { SVGProps } from 'react';

/**
 * The icon set of ITS: 24×24 outline glyphs drawn with the current text colour. Registry
 * entries name their icon; an unknown name draws the generic "app" glyph.
 */
const paths: Record<string, string> = {
  app: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  dashboard: 'M3 12l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  home: 'M3 12l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  megaphone: 'M3 10v4h3l7 4V6L6 10H3zM16 9a4 4 0 010 6M6 14l1.5 5h2.5L9 15',
  globe: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  document: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  shoe: 'M3 15l1-7 4 1 2 3 5 1.5 5 1.5c1 .3 1 1.5 1 2.5v1H3zM3 18h18M9 12l1.5-1.5M11.5 13l1.5-1.5',
  graduation: 'M2 9l10-5 10 5-10 5zM6 11v5c2 2 10 2 12 0v-5M22 9v6',
  layers: 'M12 3l9 5-9 5-9-5zM3 12.5l9 5 9-5M3 16.5l9 5 9-5',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5M8 14h3M13 14h3M8 17h3',
  box: 'M3 7.5L12 3l9 4.5v9L12 21l-9-4.5zM3 7.5l9 4.5 9-4.5M12 12v9',
  cart: 'M3 4h2.5l2.2 11h11l2-8H7M9 20a1 1 0 100-2 1 1 0 000 2zM17 20a1 1 0 100-2 1 1 0 000 2z',
  tag: 'M3 12V4h8l10 10-8 8zM7.5 8.5h.01',
  truck: 'M2 6h12v10H2zM14 10h4l3 3v3h-7M6 19a2 2 0 100-4 2 2 0 000 4zM17 19a2 2 0 100-4 2 2 0 000 4z',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21c0-4 3-6 7-6s7 2 7 6M16 3.5a4 4 0 010 7.5M18 15c2.4.6 4 2.5 4 6',
  presentation: 'M3 4h18M4 4v11h16V4M12 15v3M8 21l4-3 4 3',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z M9 12l2 2 4-4',
  settings: 'M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-2.9 1.2V21a2 2 0 11-4 0v-.1A1.7 1.7 0 005 19.4l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00-1.2-2.9H1a2 2 0 110-4h.1A1.7 1.7 0 002.6 8l-.1-.1a2 2 0 112.8-2.8l.1.1A1.7 1.7 0 008.3 4.6H9V3a2 2 0 114 0v.1a1.7 1.7 0 002.9 1.2l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 001.2 2.9h.1a2 2 0 110 4h-.1z',
  bell: 'M6 16V11a6 6 0 1112 0v5l2 2H4zM10 20a2 2 0 004 0',
  help: 'M12 21a9 9 0 100-18 9 9 0 000 18zM9.5 9.5a2.5 2.5 0 114 2c-1 .6-1.5 1.2-1.5 2.5M12 17h.01',
  logout: 'M10 4H5v16h5M15 8l4 4-4 4M19 12H9',
  user: 'M12 12a4.5 4.5 0 100-9 4.5 4.5 0 000 9zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
  language: 'M3 5h10M8 3v2M5 5c.8 3.6 3.4 6.5 7 8M11 5c-.8 3.6-3.4 6.5-7 8M13 21l4-9 4 9M14.5 18h5',
  close: 'M6 6l12 12M18 6L6 18',
  filter: 'M3 5h18l-7 8v6l-4 2v-8z',
  chevronDown: 'M6 9l6 6 6-6',
  chevronRight: 'M9 6l6 6-6 6',
  arrowRight: 'M4 12h16M14 6l6 6-6 6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  check: 'M4 12l5 5L20 6',
  checkCircle: 'M12 21a9 9 0 100-18 9 9 0 000 18zM8 12l3 3 5-6',
  warning: 'M12 3L2 20h20zM12 10v4M12 17h.01',
  error: 'M12 21a9 9 0 100-18 9 9 0 000 18zM15 9l-6 6M9 9l6 6',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7.5h.01',
  refresh: 'M20 11a8 8 0 00-14.9-3M4 4v4h4M4 13a8 8 0 0014.9 3M20 20v-4h-4',
  plane: 'M10.5 13.5L3 11l1.5-1.5 8 .5L17 5.5c1-1 2.5-1.5 3-1s0 2-1 3L14.5 12l.5 8L13.5 21.5 11 14z',
  price: 'M12 3v18M16.5 7H10a2.5 2.5 0 000 5h4a2.5 2.5 0 010 5H7',
  approval: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8.5 14l2.5 2.5 4.5-5',
  barcode: 'M4 5v14M7 5v14M10 5v10M13 5v14M16 5v10M19 5v14M10 18h.01M16 18h.01',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  lock: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 017 0V11',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  rotate: 'M4 8h11v12H4zM15 4a5 5 0 015 5v2M18 9l2 2 2-2',
  menu: 'M4 6h16M4 12h16M4 18h16',
  sparkle: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 17l.7 1.8 1.8.7-1.8.7L19 22l-.7-1.8-1.8-.7 1.8-.7z',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  folder: 'M3 6h6l2 2h10v11H3zM3 10h18',
  bookmark: 'M6 3h12v18l-6-4.5L6 21z',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  store: 'M4 10v10h16V10M3 4h18l-1.5 6h-15zM9 20v-5h6v5M3 10c1.5 1.5 4 1.5 5 0 1 1.5 3.5 1.5 4 0 1 1.5 3.5 1.5 4 0 1 1.5 3.5 1.5 5 0',
};

// Registry entries may use Material icon names; these map them onto the set above.
const aliases: Record<string, string> = {
  campaign: 'megaphone',
  branding_watermark: 'tag',
  storefront: 'store',
  folder_open: 'folder',
  description: 'document',
  school: 'graduation',
  inventory: 'shoe',
  inventory_2: 'box',
  admin: 'shield',
  admin_panel_settings: 'shield',
  shopping_cart: 'cart',
  local_shipping: 'truck',
  group: 'users',
  people: 'users',
  event: 'calendar',
  view_list: 'layers',
  notifications: 'bell',
  mail_outline: 'mail',
};

export const ICON_NAMES = [...Object.keys(paths), ...Object.keys(aliases)];

const resolve = (name: string) => paths[name] ?? paths[aliases[name] ?? ''];

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: string;
  size?: number;
  /** Accessible name; without it the icon is decorative. */
  label?: string;
}

export function Icon({ name, size = 20, label, strokeWidth = 1.75, ...rest }: IconProps) {
  const d = resolve(name) ?? paths.app;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      data-icon={resolve(name) ? name : 'app'}
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}
