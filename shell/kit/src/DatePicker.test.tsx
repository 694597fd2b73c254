import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker, closeRange, dateText, validateDate, type DateValue } from './DatePicker';

const intl = (ui: React.ReactElement) => render(<IntlProvider locale="en-US" onError={() => {}}>{ui}</IntlProvider>);

describe('date picker rules (product spec §5.3)', () => {
  it('shows dates as MM/DD/YYYY and joins a range with a dash', () => {
    expect(dateText('2026-03-07')).toBe('03/07/2026');
    expect(dateText(['2026-03-07', '2026-04-15'])).toBe('03/07/2026 - 04/15/2026');
    expect(dateText('')).toBe('');
    expect(dateText(null)).toBe('');
    expect(dateText('not a date')).toBe('');
  });

  it("fails a required picker with 'Required' while it still says Select Date", () => {
    expect(validateDate(null, true)).toBe('required');
    expect(validateDate('', true)).toBe('required');
    expect(validateDate([], true)).toBe('required');
    expect(validateDate(['2026-03-07'], true)).toBe('required');
    expect(validateDate('2026-03-07', true)).toBeNull();
    expect(validateDate(['2026-03-07', '2026-03-09'], true)).toBeNull();
    expect(validateDate(null, false)).toBeNull();
  });

  it('reverts an incomplete range to the previous value', () => {
    const before: DateValue = ['2026-01-01', '2026-01-31'];
    expect(closeRange(['2026-02-03'], before)).toEqual(before);
    expect(closeRange([], before)).toEqual(before);
    expect(closeRange(['2026-02-03', '2026-02-10'], before)).toEqual(['2026-02-03', '2026-02-10']);
    // A range picked backwards is put in order.
    expect(closeRange(['2026-02-10', '2026-02-03'], null)).toEqual(['2026-02-03', '2026-02-10']);
  });
});

describe('<DatePicker>', () => {
  it("reads 'Select Date' and shows 'Required' when required and empty", () => {
    intl(<DatePicker value={null} onChange={() => {}} required label="Start" testId="dp" />);
    expect(screen.getByTestId('dp').textContent).toContain('Select Date');
    expect(screen.getByTestId('dp-error').textContent).toBe('Required');
  });

  it('shows the picked single date as MM/DD/YYYY without an error', () => {
    intl(<DatePicker value="2026-03-07" onChange={() => {}} required label="Start" testId="dp" />);
    expect(screen.getByTestId('dp').textContent).toContain('03/07/2026');
    expect(screen.queryByTestId('dp-error')).toBeNull();
  });

  it('picks a single date from the calendar', () => {
    const onChange = vi.fn();
    intl(<DatePicker value="2026-03-07" onChange={onChange} label="Start" testId="dp" />);
    fireEvent.click(screen.getByTestId('dp'));
    fireEvent.click(screen.getByRole('button', { name: /March 12th, 2026/ }));
    expect(onChange).toHaveBeenCalledWith('2026-03-12');
  });

  it('keeps the previous range when the calendar closes after one day of a range', () => {
    const onChange = vi.fn();
    intl(<DatePicker mode="range" value={['2026-03-02', '2026-03-05']} onChange={onChange} label="Dates" testId="dp" />);
    expect(screen.getByTestId('dp').textContent).toContain('03/02/2026 - 03/05/2026');
    fireEvent.click(screen.getByTestId('dp'));
    fireEvent.click(screen.getByRole('button', { name: /March 20th, 2026/ }));
    act(() => void fireEvent.keyDown(screen.getByTestId('dp-popover'), { key: 'Escape' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('dp').textContent).toContain('03/02/2026 - 03/05/2026');
  });

  it('commits a complete range on close', () => {
    const onChange = vi.fn();
    intl(<DatePicker mode="range" value={null} onChange={onChange} label="Dates" testId="dp" month="2026-03-01" />);
    fireEvent.click(screen.getByTestId('dp'));
    fireEvent.click(screen.getByRole('button', { name: /March 10th, 2026/ }));
    fireEvent.click(screen.getByRole('button', { name: /March 14th, 2026/ }));
    expect(onChange).toHaveBeenCalledWith(['2026-03-10', '2026-03-14']);
  });
});
