import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { CountBadge, Icon, badgeCount, LOCALE_NAMES, LOCALES, chrome, formatTitle, usePageChrome, useShell } from '@its/kit';
import { collectNav, collectRoutes, currentNav, navGroups, type ResolvedNav } from '../registry/registry';
import { TOOL_ICONS, toolKey, toolTitles } from '../registry/titles';
import { Brand } from './Brand';
import { Menu } from './Menu';
import { HelpContent } from './HelpContent';
import { useNotifications } from './notifications';

function NavBar() {
  const { modules } = useShell();
  const intl = useIntl();
  const { pathname } = useLocation();
  const nav = useMemo(() => collectNav(modules), [modules]);
  const routes = useMemo(() => collectRoutes(modules), [modules]);
  const groups = useMemo(() => navGroups(nav), [nav]);
  // The nav entry whose section owns the page; it alone is highlighted (not every entry whose
  // path happens to contain the page, which is what NavLink would mark).
  const current = currentNav(nav, routes, pathname);
  const linkClass = (n: ResolvedNav, base: string) => `${base}${n === current ? ' active' : ''}`;
  return (
    <nav className="shell-nav" aria-label={intl.formatMessage({ id: 'appbar.navigation', defaultMessage: 'Main navigation' })}>
      {groups.map((g) => {
        if (g.items.length === 1) {
          const n = g.items[0]!;
          return (
            <Link key={n.id} to={n.path} className={linkClass(n, 'shell-nav__link')} aria-current={n === current ? 'page' : undefined} data-nav-id={n.id}>
              {formatTitle(intl, n.title)}
            </Link>
          );
        }
        const active = !!current && g.items.includes(current);
        return (
          <Menu
            key={g.id}
            label={formatTitle(intl, g.title)}
            buttonClassName={`shell-nav__link shell-nav__group${active ? ' active' : ''}`}
            testId={`nav-group-${g.id}`}
            button={
              <>
                {formatTitle(intl, g.title)}
                <Icon name="chevronDown" size={16} />
              </>
            }
          >
            {(close) =>
              g.items.map((n) => (
                <Link
                  key={n.id}
                  to={n.path}
                  role="menuitem"
                  className={linkClass(n, 'shell-menu__item')}
                  aria-current={n === current ? 'page' : undefined}
                  onClick={close}
                  data-nav-id={n.id}
                >
                  <Icon name={n.icon ?? 'app'} size={18} />
                  {formatTitle(intl, n.title)}
                </Link>
              ))
            }
          </Menu>
        );
      })}
    </nav>
  );
}

function Tools() {
  const { options } = useShell();
  const intl = useIntl();
  const tools = options.tools ?? [];
  if (tools.length === 0) return null;
  return (
    <Menu
      label={intl.formatMessage({ id: 'appbar.tools', defaultMessage: 'Tools' })}
      align="right"
      testId="tools-menu"
      button={<Icon name="app" size={20} />}
    >
      {(close) => (
        <>
          <div className="shell-menu__heading">
            <FormattedMessage id="appbar.tools.heading" defaultMessage="External tools" />
          </div>
          {tools.map((t) => {
            const key = toolKey(t.id);
            const msg = toolTitles[key as keyof typeof toolTitles];
            return (
              <a
                key={t.id}
                role="menuitem"
                className="shell-menu__item"
                href={t.url}
                target="_blank"
                rel="noreferrer"
                onClick={close}
                data-tool-id={key}
              >
                <Icon name={TOOL_ICONS[key] ?? 'external'} size={18} />
                <span className="shell-menu__grow">{msg ? intl.formatMessage(msg) : t.id}</span>
                <Icon name="external" size={14} className="shell-menu__ext" />
              </a>
            );
          })}
        </>
      )}
    </Menu>
  );
}

function LanguageMenu() {
  const { locale, setLocale } = useShell();
  const intl = useIntl();
  const code = locale.slice(0, 2).toUpperCase();
  // The name holds the visible code, so "click EN" finds the button (WCAG 2.5.3).
  return (
    <Menu
      label={intl.formatMessage({ id: 'appbar.languageNamed', defaultMessage: 'Language: {code}' }, { code })}
      align="right"
      testId="language-menu"
      button={
        <>
          <Icon name="language" size={20} />
          <span className="shell-appbar__locale">{code}</span>
        </>
      }
    >
      {(close) =>
        LOCALES.map((l) => (
          <button
            key={l}
            type="button"
            role="menuitemradio"
            aria-checked={l === locale}
            className="shell-menu__item"
            lang={l}
            data-locale={l}
            onClick={() => {
              setLocale(l);
              close();
            }}
          >
            <span className="shell-menu__grow">{LOCALE_NAMES[l]}</span>
            {l === locale && <Icon name="check" size={16} />}
          </button>
        ))
      }
    </Menu>
  );
}

function UserMenu() {
  const { user, logout } = useShell();
  const intl = useIntl();
  if (!user) return null;
  const initials = `${user.name?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase() || '?';
  return (
    <Menu
      label={intl.formatMessage({ id: 'appbar.accountNamed', defaultMessage: 'Account: {initials}' }, { initials })}
      align="right"
      buttonClassName="shell-appbar__avatar-btn"
      testId="user-menu"
      button={<span className="shell-avatar">{initials}</span>}
    >
      {(close) => (
        <>
          <div className="shell-menu__user">
            <span className="shell-avatar shell-avatar--lg">{initials}</span>
            <span>
              <strong data-testid="user-name">{user.fullName || `${user.name} ${user.lastName}`}</strong>
              <span className="shell-menu__muted">{user.email}</span>
            </span>
          </div>
          <div className="shell-menu__sep" />
          <button
            type="button"
            role="menuitem"
            className="shell-menu__item"
            onClick={() => {
              close();
              logout();
            }}
            data-testid="logout"
          >
            <Icon name="logout" size={18} />
            <FormattedMessage id="appbar.logout" defaultMessage="Log out" />
          </button>
        </>
      )}
    </Menu>
  );
}

function NotificationsButton() {
  const intl = useIntl();
  const { notificationsOpen } = usePageChrome();
  const { data } = useNotifications();
  const count = data?.newCount ?? data?.items.filter((n) => n.state === 'New').length ?? 0;
  // The badge's figure is part of the name, as it is of what the button shows.
  const label =
    count > 0
      ? intl.formatMessage({ id: 'appbar.notificationsNew', defaultMessage: 'Notifications: {count} new' }, { count: badgeCount(count) })
      : intl.formatMessage({ id: 'appbar.notifications', defaultMessage: 'Notifications' });
  return (
    <button
      type="button"
      className={`shell-appbar__btn${notificationsOpen ? ' is-open' : ''}`}
      aria-label={label}
      title={label}
      onClick={() => chrome.openNotifications(!notificationsOpen)}
      data-testid="notifications-button"
    >
      <Icon name="bell" size={20} />
      {count > 0 && (
        <span className="shell-appbar__badge">
          <CountBadge count={count} />
        </span>
      )}
    </button>
  );
}

function HelpButton() {
  const { options } = useShell();
  const intl = useIntl();
  if (!options.helpEnabled) return null;
  const title = intl.formatMessage({ id: 'appbar.help', defaultMessage: 'Help' });
  return (
    <button
      type="button"
      className="shell-appbar__btn"
      aria-label={title}
      title={title}
      data-testid="help-button"
      onClick={() => chrome.openSidePanel({ title, content: <HelpContent /> })}
    >
      <Icon name="help" size={20} />
    </button>
  );
}

export function AppBar() {
  const { defaultPath } = useShell();
  const intl = useIntl();
  return (
    <header className="shell-appbar" data-testid="app-bar">
      <Link to={defaultPath} className="shell-appbar__brand" aria-label={intl.formatMessage({ id: 'appbar.home', defaultMessage: 'ITS home' })}>
        <Brand />
      </Link>
      <NavBar />
      <div className="shell-appbar__actions">
        <Tools />
        <HelpButton />
        <NotificationsButton />
        <LanguageMenu />
        <UserMenu />
      </div>
    </header>
  );
}
