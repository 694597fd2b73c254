import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chrome, chromeStore, SIDE_PANEL_WIDTH } from '@its/kit';
import { Banner, ChromeReset, SidePanel, SubHeaderDrawer } from './Chrome';

let go: (path: string) => void = () => {};
function Nav() {
  go = useNavigate();
  return null;
}

const view = () =>
  render(
    <IntlProvider locale="en-US" onError={() => {}}>
      <MemoryRouter initialEntries={['/a']}>
        <Nav />
        <ChromeReset />
        <SubHeaderDrawer />
        <Banner />
        <SidePanel />
      </MemoryRouter>
    </IntlProvider>,
  );

describe('page chrome', () => {
  it('shows a dismissible banner, a sub-header drawer and a 400 px side panel', () => {
    view();
    act(() => {
      chrome.showBanner({ id: 'b', message: 'Spring line sheets are live' });
      chrome.setSubHeader(<span>Filters</span>);
      chrome.openSidePanel({ title: 'Help', content: <p>Panel body</p> });
    });
    expect(screen.getByText('Spring line sheets are live')).toBeTruthy();
    expect(screen.getByTestId('subheader-drawer').className).toContain('is-open');
    expect(screen.getByTestId('side-panel').style.width).toBe(`${SIDE_PANEL_WIDTH}px`);
    expect(screen.getByText('Panel body')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide filters' }));
    expect(screen.getByTestId('subheader-drawer').className).not.toContain('is-open');
    fireEvent.click(screen.getByTestId('banner-dismiss'));
    expect(screen.queryByTestId('banner')).toBeNull();
  });

  it('resets on each route change', () => {
    view();
    act(() => {
      chrome.showBanner({ id: 'b', message: 'x' });
      chrome.openSidePanel({ title: 'Help', content: 'y' });
      chrome.setAppBar(false);
    });
    act(() => go('/b'));
    expect(chromeStore.get()).toMatchObject({ banner: null, sidePanel: null, appBar: true, notificationsOpen: false });
  });
});
