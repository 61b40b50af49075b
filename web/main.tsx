import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_ACCENT } from '@common/me/theme';
import { meQueryOptions } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { applyAppearance, currentSystemThemeMode } from './app/theme/system-theme';
import { readStoredColorTheme, readStoredThemeMode } from './app/theme/theme-storage';
import { afterLoad } from './app/pwa/after-load';
import { whenIdle } from './lib/idle';
import './styles.css';

/** The latest the installable app's parts wait for a quiet moment after the page has loaded. */
const PWA_START_TIMEOUT_MS = 5_000;

// Paint the remembered appearance before React's first render, so the page does not flash.
applyAppearance(readStoredThemeMode() ?? currentSystemThemeMode(), readStoredColorTheme() ?? DEFAULT_ACCENT);

// The feed the server named in this first page's head is for apps that run no script; from here
// on the screens name their own (FeedLink), which React takes out of the head as the page changes.
document.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]').forEach((link) => link.remove());

const queryClient = createQueryClient();
void queryClient.prefetchQuery(meQueryOptions);
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);

// The installable app's parts (the service worker, the offline and update bars): once the page
// has loaded and the browser has a quiet moment, so the worker's install (its precache downloads)
// never competes with the first screen.
afterLoad(() => void whenIdle(PWA_START_TIMEOUT_MS).then(() => import('./app/pwa/pwa-runtime').then((m) => m.startPwa())));
