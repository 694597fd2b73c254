import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchInput, type SearchInputProps } from './SearchInput';

type Props = Partial<Omit<SearchInputProps, 'value'>> & { initial?: string };

/** A SearchInput holding its own text, as the call sites do. */
function Box({ initial = '', onChange, ...rest }: Props) {
  const [text, setText] = useState(initial);
  return (
    <SearchInput
      value={text}
      onChange={(t) => {
        setText(t);
        onChange?.(t);
      }}
      placeholder="Search by name"
      data-testid="box"
      {...rest}
    />
  );
}

const setup = (props: Props = {}, messages: Record<string, string> = {}) =>
  render(
    <IntlProvider locale="en-US" messages={messages} onError={() => {}}>
      <Box {...props} />
    </IntlProvider>,
  );

const box = () => screen.getByTestId('box') as HTMLInputElement;

afterEach(() => vi.useRealTimers());

describe('SearchInput', () => {
  it('reports every keystroke and shows the text', () => {
    const onChange = vi.fn();
    setup({ onChange });
    fireEvent.change(box(), { target: { value: 's' } });
    fireEvent.change(box(), { target: { value: 'sn' } });
    expect(onChange.mock.calls).toEqual([['s'], ['sn']]);
    expect(box().value).toBe('sn');
    expect(box().type).toBe('search');
  });

  it('submits the text on Enter, and only on Enter', () => {
    const onSubmit = vi.fn();
    setup({ onSubmit });
    fireEvent.change(box(), { target: { value: 'sneaker' } });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('sneaker');
  });

  it('leaves Enter alone without onSubmit (a form around it submits)', () => {
    const submitted = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const outer = vi.fn((e: { defaultPrevented: boolean }) => e.defaultPrevented);
    render(
      <form onSubmit={submitted} onKeyDown={outer as never}>
        <SearchInput value="x" onChange={() => {}} data-testid="box" />
      </form>,
    );
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(outer).toHaveLastReturnedWith(false);
  });

  it('leaves a key to a caller that handled it first', () => {
    const onSubmit = vi.fn();
    const own = vi.fn((e: { key: string; preventDefault: () => void }) => e.key === 'Enter' && e.preventDefault());
    setup({ onSubmit, onKeyDown: own as never, initial: 'x' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(own).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears on Escape, keeping the key from a dialog around it; an empty box lets it through', () => {
    const onChange = vi.fn();
    const onDebouncedChange = vi.fn();
    const outer = vi.fn();
    render(
      <div onKeyDown={outer}>
        <IntlProvider locale="en-US" onError={() => {}}>
          <Box initial="boots" onChange={onChange} debounceMs={300} onDebouncedChange={onDebouncedChange} />
        </IntlProvider>
      </div>,
    );
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith('');
    // Clearing is deliberate: the search follows at once.
    expect(onDebouncedChange).toHaveBeenCalledExactlyOnceWith('');
    expect(outer).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(outer).toHaveBeenCalledTimes(1);
  });

  it('fires the debounced change once, after typing pauses', () => {
    vi.useFakeTimers();
    const onDebouncedChange = vi.fn();
    setup({ debounceMs: 300, onDebouncedChange });
    for (const t of ['b', 'bo', 'boo', 'boot']) {
      fireEvent.change(box(), { target: { value: t } });
      act(() => void vi.advanceTimersByTime(200));
    }
    expect(onDebouncedChange).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(100));
    expect(onDebouncedChange).toHaveBeenCalledExactlyOnceWith('boot');
    act(() => void vi.advanceTimersByTime(1000));
    expect(onDebouncedChange).toHaveBeenCalledTimes(1);
  });

  it('drops a pending debounced change on Enter, on a text set from outside and on unmount', () => {
    vi.useFakeTimers();
    const onDebouncedChange = vi.fn();
    const onSubmit = vi.fn();
    const { unmount } = setup({ debounceMs: 300, onDebouncedChange, onSubmit });
    fireEvent.change(box(), { target: { value: 'boot' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    act(() => void vi.advanceTimersByTime(500));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('boot');
    expect(onDebouncedChange).not.toHaveBeenCalled();

    fireEvent.change(box(), { target: { value: 'boots' } });
    unmount();
    act(() => void vi.advanceTimersByTime(500));
    expect(onDebouncedChange).not.toHaveBeenCalled();

    const outside = vi.fn();
    function Picker() {
      const [text, setText] = useState('');
      return (
        <>
          <SearchInput value={text} onChange={setText} debounceMs={300} onDebouncedChange={outside} data-testid="box" />
          <button type="button" onClick={() => setText('')}>
            pick
          </button>
        </>
      );
    }
    render(<Picker />);
    fireEvent.change(box(), { target: { value: 'ad' } });
    fireEvent.click(screen.getByText('pick'));
    act(() => void vi.advanceTimersByTime(500));
    expect(outside).not.toHaveBeenCalled();
  });

  it('shows the kit spinner while busy', () => {
    const { rerender } = render(<SearchInput value="" onChange={() => {}} data-testid="box" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<SearchInput value="" onChange={() => {}} busy data-testid="box" />);
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });

  it('is named by its placeholder unless given a label', () => {
    const { rerender } = render(<SearchInput value="" onChange={() => {}} placeholder="Find by title…" />);
    expect(screen.getByRole('searchbox', { name: 'Find by title…' })).toBeTruthy();
    rerender(<SearchInput value="" onChange={() => {}} placeholder="Find by title…" aria-label="Find assortments" />);
    expect(screen.getByRole('searchbox', { name: 'Find assortments' })).toBeTruthy();
    rerender(
      <>
        <span id="style-label">Style</span>
        <SearchInput value="" onChange={() => {}} placeholder="Search…" aria-labelledby="style-label" />
      </>,
    );
    expect(screen.getByRole('searchbox', { name: 'Style' })).toBeTruthy();
  });

  it('clears with its button (named through the catalog) and keeps the caret in the box', () => {
    const onChange = vi.fn();
    const onDebouncedChange = vi.fn();
    setup({ initial: 'boots', onChange, debounceMs: 300, onDebouncedChange }, { 'kit.search.clear': 'Suche löschen' });
    const clear = screen.getByRole('button', { name: 'Suche löschen' });
    expect(clear.getAttribute('data-testid')).toBe('box-clear');
    expect(clear.tabIndex).toBe(-1);
    fireEvent.click(clear);
    expect(box().value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(onDebouncedChange).toHaveBeenCalledExactlyOnceWith('');
    expect(document.activeElement).toBe(box());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('passes input attributes through and puts layout classes on the frame', () => {
    const ref = { current: null as HTMLInputElement | null };
    render(
      <SearchInput
        value=""
        onChange={() => {}}
        ref={ref}
        id="q"
        disabled
        role="combobox"
        aria-expanded={false}
        size="sm"
        icon="mail"
        className="lay-out"
        data-testid="box"
      />,
    );
    const input = box();
    expect(ref.current).toBe(input);
    expect(input.id).toBe('q');
    expect(input.disabled).toBe(true);
    expect(input.getAttribute('role')).toBe('combobox');
    const frame = input.parentElement!;
    expect(frame.className).toBe('its-search its-search--sm is-disabled lay-out');
    expect(frame.querySelector('svg')?.getAttribute('data-icon')).toBe('mail');
  });

  it('takes the focus with autoFocus', () => {
    render(<SearchInput value="" onChange={() => {}} autoFocus data-testid="box" />);
    expect(document.activeElement).toBe(box());
  });
});
