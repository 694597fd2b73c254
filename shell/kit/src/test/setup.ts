import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearToasts } from '../toasts';
import { chrome } from '../chrome';

// The suite runs in parallel workers on a busy two-core CI machine: a findBy… waits for what a
// user would wait for (a lazy remote, a second render) rather than failing after the default 1 s.
configure({ asyncUtilTimeout: 5000 });

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
