import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, configureApi, getToasts } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { CustomContentEditor } from './CustomContentEditor';
import type { DisplayGroup } from './model';

const group: DisplayGroup = {
  id: 'g1',
  index: 0,
  key: 'g1',
  title: 'Running',
  openState: true,
  alwaysOpen: false,
  locked: false,
  uncategorized: false,
  styles: [],
};

/** Object storage refusing the part PUT, as a bucket does when the signed URL has expired. */
class RefusingStorage {
  status = 0;
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open() {}
  getResponseHeader() {
    return null;
  }
  send() {
    this.status = 403;
    setTimeout(() => this.onload?.(), 0);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('CustomContentEditor', () => {
  it("says 'Error: Attachment failed upload to Amazon S3' when storage refuses the file", async () => {
    configureApi({
      fetch: fakeFetch({
        'POST /api/upload/aws/s3/create': () =>
          json(200, { data: { uploadId: 'u1', bucket: 'its', key: 'k/preview.jpg', urls: ['http://storage.test/its/k/preview.jpg?part=1'], chunkSize: 5_242_880 } }),
      }),
    });
    vi.stubGlobal('XMLHttpRequest', RefusingStorage);
    const onSave = vi.fn(async () => ({}));
    await act(async () => {
      renderWithShell(<CustomContentEditor assortmentId="a1" group={group} onSave={onSave} onClose={() => {}} />);
    });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'preview.jpg', { type: 'image/jpeg' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('content-file-preview'), { target: { files: [file] } });
    });
    await waitFor(() => expect(getToasts().map((t) => String(t.message))).toContain('Error: Attachment failed upload to Amazon S3'));
    expect(onSave).not.toHaveBeenCalled();
  });
});
