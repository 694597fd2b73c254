import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chrome, chromeStore, useSidePanel, type SidePanelControl } from './chrome';

let control: SidePanelControl;

function Page({ item }: { item: string }) {
  control = useSidePanel(() => (item ? { title: 'Details', content: `about ${item}` } : null), [item]);
  return null;
}

const panel = () => chromeStore.get().sidePanel;

describe('useSidePanel', () => {
  afterEach(() => chrome.reset());

  it('opens on show, follows its deps, and ends when the shell closes the panel', () => {
    const view = render(<Page item="a" />);
    expect(panel()).toBeNull();
    act(() => control.show());
    expect(control.open).toBe(true);
    expect(panel()?.content).toBe('about a');
    view.rerender(<Page item="b" />);
    expect(panel()?.content).toBe('about b');
    act(() => chrome.closeSidePanel()); // the panel's own close button
    expect(control.open).toBe(false);
    view.rerender(<Page item="c" />);
    expect(panel()).toBeNull();
  });

  it('opens nothing while build has nothing to show', () => {
    render(<Page item="" />);
    act(() => control.show());
    expect(panel()).toBeNull();
  });

  it('toggles, and closes with the page', () => {
    const view = render(<Page item="a" />);
    act(() => control.toggle());
    expect(panel()?.content).toBe('about a');
    act(() => control.toggle());
    expect(control.open).toBe(false);
    expect(panel()).toBeNull();
    act(() => control.show());
    expect(panel()).not.toBeNull();
    view.unmount();
    expect(panel()).toBeNull();
  });
});
