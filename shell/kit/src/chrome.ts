/**
 * Page chrome: what the shell draws around a route (app bar, sub-header drawer, banner, side
 * panel, notification drawer). It resets on every route change (spec §2); a route sets what
 * it needs after mounting.
 */
import { useEffect, useRef, useState, type DependencyList, type ReactNode } from 'react';
import { createStore, useStore } from './store';

export const SIDE_PANEL_WIDTH = 400;
export const NOTIFICATION_DRAWER_WIDTH = 360;

export interface BannerSpec {
  id: string;
  message: ReactNode;
  tone?: 'info' | 'success' | 'warning' | 'brand';
  action?: { label: string; onClick: () => void };
  /** Called after the user closes it (e.g. to remember the dismissal). */
  onDismiss?: () => void;
}

export interface SidePanelSpec {
  title: ReactNode;
  content: ReactNode;
  width?: number;
}

export interface PageChrome {
  title?: string;
  appBar: boolean;
  subHeader?: ReactNode;
  subHeaderOpen: boolean;
  banner: BannerSpec | null;
  sidePanel: SidePanelSpec | null;
  notificationsOpen: boolean;
}

export const initialChrome: PageChrome = {
  title: undefined,
  appBar: true,
  subHeader: undefined,
  subHeaderOpen: false,
  banner: null,
  sidePanel: null,
  notificationsOpen: false,
};

export const chromeStore = createStore<PageChrome>(initialChrome);

const patch = (p: Partial<PageChrome>) => chromeStore.set((c) => ({ ...c, ...p }));

export const chrome = {
  reset: () => chromeStore.set(initialChrome),
  setTitle: (title?: string) => patch({ title }),
  setAppBar: (appBar: boolean) => patch({ appBar }),
  setSubHeader: (subHeader: ReactNode, open = true) => patch({ subHeader, subHeaderOpen: open && subHeader != null }),
  toggleSubHeader: (open?: boolean) => chromeStore.set((c) => ({ ...c, subHeaderOpen: open ?? !c.subHeaderOpen })),
  showBanner: (banner: BannerSpec) => patch({ banner }),
  dismissBanner: () => {
    const b = chromeStore.get().banner;
    patch({ banner: null });
    b?.onDismiss?.();
  },
  openSidePanel: (sidePanel: SidePanelSpec) => patch({ sidePanel, notificationsOpen: false }),
  closeSidePanel: () => patch({ sidePanel: null }),
  openNotifications: (open = true) => patch({ notificationsOpen: open, sidePanel: open ? null : chromeStore.get().sidePanel }),
};

export function usePageChrome(): PageChrome {
  return useStore(chromeStore);
}

/** Sets the document title and chrome title for the current route. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    chrome.setTitle(title);
    if (title && typeof document !== 'undefined') document.title = `${title} · ITS`;
  }, [title]);
}

/** A page's control of a side panel that follows what the user looks at. */
export interface SidePanelControl {
  open: boolean;
  toggle: () => void;
  show: () => void;
}

/**
 * A side panel the page keeps on what the user is looking at (a product, a sample's history)
 * while it is open: `build` gives its title and content, again whenever `deps` change (it
 * should read nothing else that changes). Closing it from the shell (its close button, the
 * notification drawer) ends the following, and it closes with the page.
 */
export function useSidePanel(build: () => SidePanelSpec | null, deps: DependencyList): SidePanelControl {
  const [open, setOpen] = useState(false);
  const panel = usePageChrome().sidePanel;
  const shown = useRef(false);
  useEffect(() => {
    if (!open) return;
    const spec = build();
    if (spec) chrome.openSidePanel(spec);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps stand for what build reads (see above)
  }, [open, ...deps]);
  useEffect(() => {
    if (panel) shown.current = true;
    else if (shown.current) {
      shown.current = false;
      setOpen(false);
    }
  }, [panel]);
  useEffect(() => () => chrome.closeSidePanel(), []);
  return {
    open,
    toggle: () => {
      if (open) chrome.closeSidePanel();
      setOpen(!open);
    },
    show: () => setOpen(true),
  };
}
