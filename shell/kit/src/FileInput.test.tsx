import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { FileInput } from './FileInput';

/** A FileInput holding its file, as the pages do, with a button that clears it. */
function Picker({ onChange }: { onChange: (f: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <span id="what">Bundle</span>
      <FileInput
        file={file}
        onChange={(f) => {
          setFile(f);
          onChange(f);
        }}
        accept=".tar.gz"
        aria-labelledby="what"
        data-testid="pick"
      />
      <button type="button" onClick={() => setFile(null)}>
        clear
      </button>
    </>
  );
}

const setup = (onChange = vi.fn(), messages: Record<string, string> = {}) =>
  render(
    <IntlProvider locale="de-DE" messages={messages} onError={() => {}}>
      <Picker onChange={onChange} />
    </IntlProvider>,
  );

const input = () => screen.getByTestId('pick') as HTMLInputElement;

describe('FileInput', () => {
  it('is the kit button over a native file input named by the page', () => {
    setup(vi.fn(), { 'kit.file.choose': 'Datei auswählen', 'kit.file.none': 'Keine Datei ausgewählt' });
    expect(input().type).toBe('file');
    expect(input().accept).toBe('.tar.gz');
    expect(screen.getByLabelText('Bundle')).toBe(input());
    const button = screen.getByText('Datei auswählen');
    expect(button.tagName).toBe('LABEL');
    expect(button.className).toContain('its-btn');
    expect((button as HTMLLabelElement).htmlFor).toBe(input().id);
    expect(screen.getByText('Keine Datei ausgewählt')).toBeTruthy();
  });

  it('reports the chosen file and shows its name; clearing empties the input', () => {
    const onChange = vi.fn();
    setup(onChange);
    const file = new File(['x'], 'hello.tar.gz', { type: 'application/gzip' });
    fireEvent.change(input(), { target: { files: [file] } });
    expect(onChange).toHaveBeenCalledWith(file);
    expect(screen.getByText('hello.tar.gz')).toBeTruthy();
    fireEvent.click(screen.getByText('clear'));
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(input().value).toBe('');
  });
});
