import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoadFailure } from './load-failure';
import { loadFailureCause, reloadOnceForNewRelease, screenLoaded } from './new-release';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isLoadFailure', () => {
  it('knows each browser’s words for a module that would not download', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost/assets/FeedScreen-a1.js',
      'error loading dynamically imported module: http://localhost/assets/FeedScreen-a1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/FeedScreen-a1.css',
    ]) {
      expect(isLoadFailure(new TypeError(message)), message).toBe(true);
    }
  });

  it('leaves code that downloaded and then threw to the error screen', () => {
    expect(isLoadFailure(new TypeError('Cannot read properties of undefined (reading "map")'))).toBe(false);
    expect(isLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});

/** This page, loaded from these scripts (index.html's module scripts, in order). */
function page(entry: string | string[], online = true) {
  const scripts = [entry].flat();
  vi.stubGlobal('navigator', { onLine: online });
  vi.stubGlobal('document', { querySelectorAll: () => scripts.map((src) => ({ getAttribute: () => src })) });
}

const served = (entry: string | string[]) =>
  new Response(`<!doctype html><head>${[entry].flat().map((src) => `<script type="module" crossorigin src="${src}"></script>`).join('\n')}</head>`, {
    headers: { 'Content-Type': 'text/html' },
  });

describe('loadFailureCause', () => {
  it('is offline when the browser says so, without asking the site', async () => {
    page('/assets/index-a.js', false);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadFailureCause()).toBe('offline');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is offline when the site does not answer', async () => {
    page('/assets/index-a.js');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await loadFailureCause()).toBe('offline');
  });

  it('is a new release when index.html names another entry script, and unknown when the same', async () => {
    page('/assets/index-a.js');
    vi.stubGlobal('fetch', vi.fn(async () => served('/assets/index-b.js')));
    expect(await loadFailureCause()).toBe('new-release');
    vi.stubGlobal('fetch', vi.fn(async () => served('/assets/index-a.js')));
    expect(await loadFailureCause()).toBe('unknown');
  });

  it('tells a new release by the app’s own script when index.html loads the runtime and the framework first', async () => {
    const before = ['/assets/rolldown-runtime-r.js', '/assets/framework-f.js', '/assets/app-a.js'];
    page(before);
    vi.stubGlobal('fetch', vi.fn(async () => served(['/assets/rolldown-runtime-r.js', '/assets/framework-f.js', '/assets/app-b.js'])));
    expect(await loadFailureCause()).toBe('new-release');
    vi.stubGlobal('fetch', vi.fn(async () => served(before)));
    expect(await loadFailureCause()).toBe('unknown');
  });
});

describe('reloadOnceForNewRelease', () => {
  it('reloads once, not again until a screen has loaded', () => {
    const stored = new Map<string, string>();
    const reload = vi.fn();
    vi.stubGlobal('window', {
      sessionStorage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v), removeItem: (k: string) => stored.delete(k) },
      location: { reload },
    });
    expect(reloadOnceForNewRelease()).toBe(true);
    expect(reloadOnceForNewRelease()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    screenLoaded();
    expect(reloadOnceForNewRelease()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
