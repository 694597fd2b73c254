import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApi } from '@its/kit';
import { renderWithShell } from '../../../kit/src/test/render';
import { PresenceAvatars, initials, presenceColour, presenceCss } from '../Presence';
import { ANNOUNCE_MS, FOCUS_DEBOUNCE_MS, usePresence, type PresenceEntry } from '../hooks/usePresence';
import { allRows, loaded, mount } from './testing';

vi.setConfig({ testTimeout: 30_000 });

const ann: PresenceEntry = { userId: 'u1', name: 'Ann "A" Smith', colour: 2, row: 'b', field: 'discountPercent' };
const bob: PresenceEntry = { userId: 'u2', name: 'Bob Jones', colour: 5, row: 'b', field: 'discountPercent' };
const cy: PresenceEntry = { userId: 'u3', name: 'Cy', colour: 1, row: '', field: '' };

describe('presence', () => {
  it('outlines each selected cell once, in the first one’s colour, with every name (quotes escaped)', () => {
    const css = presenceCss('s1', [ann, bob, { ...ann, userId: 'u1' }, cy]);
    const rules = css.split('\n');
    expect(rules).toHaveLength(3);
    expect(rules[0]).toContain('.ag-row[row-id="b"] .ag-cell[col-id="discountPercent"]');
    expect(rules[0]).toContain(`inset 0 0 0 2px ${presenceColour(2)}`);
    expect(rules[1]).toContain('content:"Ann \\"A\\" Smith, Bob Jones"');
    expect(presenceCss('s1', [cy])).toBe('');
    expect(initials('Eddie Editor')).toBe('EE');
    expect(initials('mona')).toBe('MO');
  });

  it('shows one avatar per user with the name and where they are', async () => {
    renderWithShell(<PresenceAvatars others={[ann, { ...ann, row: 'c' }, cy]} fieldLabel={(f) => (f === 'discountPercent' ? 'Discount %' : f)} testId="presence" />);
    const group = await screen.findByTestId('presence');
    expect(group.getAttribute('aria-label')).toBe('2 other people have this open');
    const avatars = screen.getAllByRole('img');
    expect(avatars.map((a) => a.textContent)).toEqual(['AS', 'CY']);
    expect(avatars[0]?.getAttribute('title')).toBe('Ann "A" Smith, in Discount %');
    expect(avatars[1]?.getAttribute('aria-label')).toBe('Cy');
  });

  it('tells the focused cell and draws the others’ outlines in its own body', async () => {
    const src = allRows();
    const onFocusCell = vi.fn();
    const { handle, container } = mount({ source: src.source, onFocusCell, presence: [ann] });
    await loaded(handle, 3);
    act(() => handle().controller.onCellFocused(1, 'discountPercent', false));
    expect(onFocusCell).toHaveBeenLastCalledWith('b', 'discountPercent');
    act(() => handle().controller.onCellFocused(null, undefined, false));
    expect(onFocusCell).toHaveBeenLastCalledWith(null, null);
    await waitFor(() => expect(container.querySelector('style[data-testid="presence-outlines"]')).not.toBeNull());
    const scope = container.querySelector('.its-grid__body')?.getAttribute('data-presence') ?? '';
    expect(scope).not.toBe('');
    expect(container.querySelector('style[data-testid="presence-outlines"]')?.textContent).toBe(presenceCss(scope, [ann]));
  });

  it('announces with its stream token, the focused cell once it rests, again every 20 s, and leaves', () => {
    vi.useFakeTimers();
    const sent: Array<{ url: string; body: unknown; keepalive?: boolean }> = [];
    const fake = (url: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(url), body: JSON.parse(String(init?.body)), keepalive: init?.keepalive });
      return Promise.resolve(new Response('{"data":{}}', { status: 200 }));
    };
    configureApi({ fetch: fake });
    vi.stubGlobal('fetch', fake);
    try {
      const { result, unmount } = renderHook(() => usePresence('assortment:1'));
      act(() => result.current.focus('r1', 'price'));
      vi.advanceTimersByTime(FOCUS_DEBOUNCE_MS);
      expect(sent).toHaveLength(0); // no stream yet: nothing to announce with
      act(() => result.current.listener.onStream?.('tok1'));
      expect(sent).toEqual([{ url: '/api/live/assortment%3A1/presence', body: { stream: 'tok1', row: 'r1', field: 'price' }, keepalive: undefined }]);
      act(() => {
        result.current.focus('r2', 'price');
        result.current.focus('r3', 'style');
      });
      vi.advanceTimersByTime(FOCUS_DEBOUNCE_MS);
      expect(sent.slice(1).map((s) => s.body)).toEqual([{ stream: 'tok1', row: 'r3', field: 'style' }]);
      vi.advanceTimersByTime(ANNOUNCE_MS);
      expect(sent).toHaveLength(3);
      act(() => result.current.listener.onPresence?.([ann]));
      expect(result.current.others).toEqual([ann]);
      unmount();
      expect(sent.at(-1)).toMatchObject({ body: { stream: 'tok1', leave: true }, keepalive: true });
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
