import { useLayoutEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Icon, SIDE_PANEL_WIDTH, chrome, usePageChrome } from '@its/kit';

/** Resets the page chrome on each route change, before the route sets its own. */
export function ChromeReset() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    chrome.reset();
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}

export function SubHeaderDrawer() {
  const { subHeader, subHeaderOpen } = usePageChrome();
  const intl = useIntl();
  if (subHeader == null) return null;
  return (
    <div className={`shell-subheader${subHeaderOpen ? ' is-open' : ''}`} data-testid="subheader-drawer">
      <div className="shell-subheader__content" inert={!subHeaderOpen}>
        {subHeader}
      </div>
      <button
        type="button"
        className="shell-subheader__toggle"
        aria-expanded={subHeaderOpen}
        aria-label={
          subHeaderOpen
            ? intl.formatMessage({ id: 'chrome.subheader.collapse', defaultMessage: 'Hide filters' })
            : intl.formatMessage({ id: 'chrome.subheader.expand', defaultMessage: 'Show filters' })
        }
        onClick={() => chrome.toggleSubHeader()}
      >
        <Icon name="chevronDown" size={16} />
      </button>
    </div>
  );
}

export function Banner() {
  const { banner } = usePageChrome();
  const intl = useIntl();
  if (!banner) return null;
  return (
    <div className={`shell-banner shell-banner--${banner.tone ?? 'info'}`} role="status" data-testid="banner">
      <Icon name={banner.tone === 'warning' ? 'warning' : banner.tone === 'success' ? 'checkCircle' : 'sparkle'} size={18} />
      <div className="shell-banner__text">{banner.message}</div>
      {banner.action && (
        <button type="button" className="shell-banner__action" onClick={banner.action.onClick}>
          {banner.action.label}
        </button>
      )}
      <button
        type="button"
        className="its-icon-btn shell-banner__close"
        aria-label={intl.formatMessage({ id: 'chrome.banner.dismiss', defaultMessage: 'Dismiss' })}
        onClick={() => chrome.dismissBanner()}
        data-testid="banner-dismiss"
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

export function SidePanel() {
  const { sidePanel } = usePageChrome();
  const intl = useIntl();
  const open = !!sidePanel;
  return (
    <aside
      className={`shell-drawer shell-sidepanel${open ? ' is-open' : ''}`}
      style={{ width: sidePanel?.width ?? SIDE_PANEL_WIDTH }}
      aria-hidden={!open}
      inert={!open}
      data-testid="side-panel"
    >
      {sidePanel && (
        <>
          <div className="shell-drawer__head">
            <h2 className="shell-drawer__title">{sidePanel.title}</h2>
            <button
              type="button"
              className="its-icon-btn"
              aria-label={intl.formatMessage({ id: 'kit.dialog.close', defaultMessage: 'Close' })}
              onClick={() => chrome.closeSidePanel()}
            >
              <Icon name="close" size={18} />
            </button>
          </div>
          <div className="shell-drawer__body shell-sidepanel__body">{sidePanel.content}</div>
        </>
      )}
    </aside>
  );
}
