import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { AppEnv } from './context';
import { mountWebApp } from './static';

describe('serving the web app', () => {
  let dir: string;
  const app = new Hono<AppEnv>();
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Drabble</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    mountWebApp(app, dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers / and any client route with index.html, not cached', async () => {
    for (const url of ['/', '/story/abc/edit', '/admin/greetings']) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Drabble</title>');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await app.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
