import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import 'react-day-picker/style.css';
import '@its/kit/src/kit.css';
import './styles/shell.css';
import { App } from './App';
import { unsupportedBrowser } from './errors/browser';

const container = document.getElementById('root')!;
const root = createRoot(container);

if (unsupportedBrowser(navigator.userAgent)) {
  // Only the page that says so, in the chosen language.
  void Promise.all([import('./i18n/IntlRoot'), import('./errors/UnsupportedBrowser')]).then(([{ IntlRoot }, { UnsupportedBrowser }]) =>
    root.render(
      <IntlRoot>
        <UnsupportedBrowser />
      </IntlRoot>,
    ),
  );
} else {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * The shell puts ag-grid in the shared scope for the remotes' grids (one copy for all of them).
 * Module federation only provides what the build reaches, so it is reached here, lazily: the
 * shell itself never loads it.
 */
export const provideGrid = () => Promise.all([import('ag-grid-community'), import('ag-grid-react')]);
