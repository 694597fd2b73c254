import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DELAY_MS, ToastViewport, clearToasts, getToasts, toast, toastOffset, useFailureToast } from './toasts';

const view = () =>
  render(
    <IntlProvider locale="en-US" onError={() => {}}>
      <ToastViewport />
    </IntlProvider>,
  );

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('close after 4,000 ms by default', () => {
    view();
    act(() => void toast.success("You've successfully logged in"));
    expect(screen.getByText("You've successfully logged in")).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_DELAY_MS - 1));
    expect(screen.queryByText("You've successfully logged in")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("You've successfully logged in")).toBeNull();
    expect(TOAST_DELAY_MS).toBe(4000);
  });

  it('keep persistent ones until they are cleared separately', () => {
    view();
    act(() => {
      toast.error('Order rejected', { persistent: true });
      toast.info('Saved');
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Order rejected')).toBeTruthy();
    expect(screen.queryByText('Saved')).toBeNull();
    act(() => toast.clearPersistent());
    expect(getToasts()).toHaveLength(0);
  });

  it('stack 50 px from the bottom plus 10 px per toast, 500 px wide', () => {
    const { container } = view();
    act(() => {
      toast.info('one');
      toast.info('two');
      toast.info('three');
    });
    const region = container.ownerDocument.querySelector('.its-toasts') as HTMLElement;
    expect(region.style.bottom).toBe('50px');
    expect(region.style.width).toContain('500px');
    const items = [...region.querySelectorAll<HTMLElement>('.its-toast')];
    expect(items.map((i) => i.textContent)).toEqual(['three', 'two', 'one']);
    expect(items.map((i) => i.style.bottom)).toEqual(['0px', '10px', '20px']);
    expect([0, 1, 2].map(toastOffset)).toEqual([50, 60, 70]);
  });

  it('replace a toast with the same key instead of stacking it', () => {
    view();
    act(() => {
      toast.warning('first', { key: 'chunk' });
      toast.warning('second', { key: 'chunk' });
    });
    expect(getToasts().map((t) => t.message)).toEqual(['second']);
  });

  it('show a failed fetch once, by its key, and again after it fails anew', () => {
    clearToasts();
    function Probe({ failed }: { failed: boolean }) {
      useFailureToast(failed, 'Users fetch failed!', 'users-fetch');
      return null;
    }
    const { rerender } = render(<Probe failed={false} />);
    expect(getToasts()).toHaveLength(0);
    rerender(<Probe failed />);
    rerender(<Probe failed />);
    expect(getToasts().map((t) => [t.type, t.message])).toEqual([['error', 'Users fetch failed!']]);
    rerender(<Probe failed={false} />);
    rerender(<Probe failed />);
    expect(getToasts()).toHaveLength(1);
  });
});
