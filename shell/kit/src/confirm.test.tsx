import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmHost, confirm, isConfirmOpen } from './confirm';

const host = () =>
  render(
    <IntlProvider locale="en-US" onError={() => {}}>
      <ConfirmHost />
    </IntlProvider>,
  );

describe('confirmation dialog', () => {
  it('opens only when changes are detected, if change checking is asked for', async () => {
    host();
    const onYes = vi.fn();
    let result: Promise<string>;
    act(() => void (result = confirm({ checkChanges: true, hasChanges: () => false, onYes })));
    await expect(result!).resolves.toBe('skipped');
    expect(onYes).toHaveBeenCalledTimes(1);
    expect(isConfirmOpen()).toBe(false);
    act(() => void confirm({ checkChanges: true, hasChanges: () => true, onYes }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('uses the default texts when the texts are empty', () => {
    host();
    act(() => void confirm({ title: '', message: '', yesText: '', noText: '' }));
    expect(screen.getByText('Are you sure?')).toBeTruthy();
    expect(screen.getByText('Do you want to continue?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No' })).toBeTruthy();
  });

  it('Enter means yes and runs the stored action', async () => {
    host();
    const onYes = vi.fn();
    let result: Promise<string>;
    act(() => void (result = confirm({ title: 'Delete assortment?', onYes })));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Enter' });
    await expect(result!).resolves.toBe('yes');
    expect(onYes).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape just closes; No runs the alternate action', async () => {
    host();
    const onYes = vi.fn();
    const onNo = vi.fn();
    let result: Promise<string>;
    act(() => void (result = confirm({ onYes, onNo })));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await expect(result!).resolves.toBe('close');
    expect(onYes).not.toHaveBeenCalled();
    expect(onNo).not.toHaveBeenCalled();
    act(() => void (result = confirm({ onYes, onNo, noText: 'Discard' })));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await expect(result!).resolves.toBe('no');
    expect(onNo).toHaveBeenCalledTimes(1);
  });
});
