import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../shell/kit/src/test/render';
import { AssortmentImages, imageProblem, LOGO_MAX_BYTES } from './AssortmentImages';
import type { Assortment } from '../api';

const file = (name: string, size: number, type = 'image/png') => new File([new Uint8Array(size)], name, { type });
const a = { _id: 'a-1', title: 'Spring Run', logo: 'assortments/a-1/logo.png', logoUrl: '/blobs/logo.png', thumbnail: '', version: 3 } as unknown as Assortment;

describe('the logo and thumbnail rules', () => {
  it('takes an image the server takes, up to the limit', () => {
    expect(imageProblem(file('logo.PNG', 10))).toBeNull();
    expect(imageProblem(file('logo.webp', 10))).toBeNull();
    expect(imageProblem(file('logo.pdf', 10))).toBe('type');
    expect(imageProblem(file('logo', 10))).toBe('type');
    expect(imageProblem(file('logo.png', LOGO_MAX_BYTES + 1))).toBe('size');
  });
});

describe('the Logo and thumbnail section', () => {
  it('shows the current logo, the missing thumbnail, and refuses a bad file before any upload', async () => {
    const upload = vi.fn();
    const onPatch = vi.fn();
    await act(async () => {
      renderWithShell(<AssortmentImages a={a} canEdit onPatch={onPatch} upload={upload} />);
    });
    expect((screen.getByTestId('image-logo').querySelector('img') as HTMLImageElement).getAttribute('src')).toBe('/blobs/logo.png');
    expect(screen.getByTestId('image-thumbnail').textContent).toContain('No thumbnail');
    fireEvent.change(screen.getByTestId('image-thumbnail-file'), { target: { files: [file('notes.pdf', 10, 'application/pdf')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('notes.pdf is not an image');
    expect(upload).not.toHaveBeenCalled();
    expect(onPatch).not.toHaveBeenCalled();
  });

  it('uploads a chosen image and sets it; Remove clears it', async () => {
    const upload = vi.fn(() => Promise.resolve({ key: 'assortments/a-1/thumb.png' }));
    const onPatch = vi.fn(() => Promise.resolve({}));
    await act(async () => {
      renderWithShell(<AssortmentImages a={a} canEdit onPatch={onPatch} upload={upload} />);
    });
    await act(async () => {
      fireEvent.change(screen.getByTestId('image-thumbnail-file'), { target: { files: [file('thumb.png', 10)] } });
    });
    await waitFor(() => expect(onPatch).toHaveBeenCalledWith({ thumbnail: 'assortments/a-1/thumb.png' }));
    expect(upload).toHaveBeenCalledWith(expect.any(File), { usageType: 'assortmentLogo', attachTo: 'a-1' }, expect.any(Function));
    await act(async () => {
      fireEvent.click(screen.getByTestId('image-logo-remove'));
    });
    expect(onPatch).toHaveBeenLastCalledWith({ logo: '' });
  });

  it('is read-only without edit rights', async () => {
    await act(async () => {
      renderWithShell(<AssortmentImages a={a} canEdit={false} onPatch={vi.fn()} upload={vi.fn()} />);
    });
    expect(screen.queryByTestId('image-logo-file')).toBeNull();
    expect(screen.queryByTestId('image-logo-remove')).toBeNull();
  });
});
