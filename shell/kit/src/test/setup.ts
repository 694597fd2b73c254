import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearToasts } from '../toasts';
import { chrome } from '../chrome';

afterEach(() => {
  cleanup();
  clearToasts();
  chrome.reset();
  window.localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
