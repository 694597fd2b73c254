/**
 * Page chrome: what the shell draws around a route (app bar, sub-header drawer, banner, side
 * panel, notification drawer). It resets on every route change (spec §2); a route sets what
 * it needs after mounting.
 */
import { useEffect, type ReactNode } from 'react';
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
