/** Page frame of the libraries: header with tabs, the shell's sub-header and side panel. */
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router';
import { ModuleMessages, chrome } from '@its/kit';
import { loadMessages } from '../messages';

/** Puts content in the shell's sub-header drawer (open) for as long as the page shows. */
export function useSubHeader(content: ReactNode | null, key: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (content == null) return;
    // The drawer lives in the shell's tree: the remote's catalogs come along.
    chrome.setSubHeader(<ModuleMessages load={loadMessages}>{content}</ModuleMessages>, true);
    return () => chrome.setSubHeader(undefined, false);
    // The content is rebuilt each render; the key says when it really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pathname]);
}

/** Opens the shell's side panel with remote content (catalogs included). */
export function openPanel(title: string, content: ReactNode, width = 420): void {
  chrome.openSidePanel({ title, content: <ModuleMessages load={loadMessages}>{content}</ModuleMessages>, width });
}

export interface Tab {
  to: string;
  label: string;
  count?: number;
  testId?: string;
}

export function Tabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  if (tabs.length < 2) return null;
  return (
    <nav className="lib-tabs" aria-label={label}>
      {tabs.map((t) => (
        <NavLink key={t.to} to={t.to} end className={({ isActive }) => `lib-tab${isActive ? ' is-active' : ''}`} data-testid={t.testId}>
          {t.label}
          {t.count !== undefined && <span className="lib-tab__count">{t.count}</span>}
        </NavLink>
      ))}
    </nav>
  );
}

export function PageHeader({ eyebrow, title, lead, actions, children }: { eyebrow?: string; title: string; lead?: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <header className="lib-header">
      <div className="lib-header__row">
        <div className="lib-header__text">
          {eyebrow && <p className="lib-eyebrow">{eyebrow}</p>}
          <h1 className="lib-header__title">{title}</h1>
          {lead && <p className="lib-header__lead">{lead}</p>}
        </div>
        {actions && <div className="lib-header__actions">{actions}</div>}
      </div>
      {children}
    </header>
  );
}

export function useLibrariesEyebrow(manage = false): string {
  const intl = useIntl();
  return manage
    ? intl.formatMessage({ id: 'libraries.eyebrow.manage', defaultMessage: 'Manage libraries' })
    : intl.formatMessage({ id: 'libraries.eyebrow.browse', defaultMessage: 'Libraries' });
}
