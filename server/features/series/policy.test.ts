import { describe, expect, it } from 'vitest';
import { authorizeSeries, authorizeSeriesStory, seriesPolicy } from './policy';
import { statusOf } from '../../test/policy';

const writer = { uid: 'writer', admin: false };
const reader = { uid: 'reader', admin: false };
const admin = { uid: 'admin', admin: true };

describe('series policy', () => {
  it('lets the writer do everything, with or without a part anyone else may read', () => {
    for (const readableParts of [0, 3]) {
      expect(seriesPolicy.permissions(writer, { uid: 'writer', readableParts })).toEqual({ edit: true, delete: true });
      expect(seriesPolicy.can(writer, 'read', { uid: 'writer', readableParts })).toBe(true);
    }
  });

  it('shows others a series only while they may read one of its parts, and lets none of them change it (admins included)', () => {
    for (const viewer of [reader, admin, null]) {
      expect(seriesPolicy.can(viewer, 'read', { uid: 'writer', readableParts: 1 })).toBe(true);
      expect(seriesPolicy.can(viewer, 'read', { uid: 'writer', readableParts: 0 })).toBe(false);
      expect(seriesPolicy.permissions(viewer, { uid: 'writer', readableParts: 1 })).toEqual({ edit: false, delete: false });
    }
  });

  it('answers 404 for what the viewer may not see, 401 for a guest and 403 for a reader', () => {
    expect(statusOf(() => authorizeSeries(reader, 'edit', null))).toBe(404);
    expect(statusOf(() => authorizeSeries(reader, 'edit', { uid: 'writer', readableParts: 0 }))).toBe(404);
    expect(statusOf(() => authorizeSeries(reader, 'edit', { uid: 'writer', readableParts: 2 }))).toBe(403);
    expect(statusOf(() => authorizeSeries(null, 'delete', { uid: 'writer', readableParts: 2 }))).toBe(401);
    expect(statusOf(() => authorizeSeries(writer, 'delete', { uid: 'writer', readableParts: 0 }))).toBe(200);
    expect(statusOf(() => authorizeSeriesStory(writer, { uid: 'reader' }))).toBe(403);
    expect(statusOf(() => authorizeSeriesStory(writer, { uid: 'writer' }))).toBe(200);
  });
});
