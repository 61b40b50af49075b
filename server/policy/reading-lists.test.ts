import { describe, expect, it } from 'vitest';
import { READING_LIST_TEXTS } from '@common/reading-lists/reading-lists';
import { authorizeReadingList, readingListPolicy } from './reading-lists';
import { answer, OWNER, VIEWERS } from '../test/policy';

const named = { uid: OWNER.uid, readLater: false, public: false };
const readLater = { ...named, readLater: true };
const shared = { ...named, public: true };
const NOT_FOUND = [404, READING_LIST_TEXTS.notFound];

describe('readingListPolicy', () => {
  it('read: a private list is its owner’s alone (admins too are refused); a public one is anyone’s, guests too', () => {
    expect(VIEWERS.map(([, viewer]) => readingListPolicy.can(viewer, 'read', named))).toEqual([false, false, true, false]);
    expect(VIEWERS.map(([, viewer]) => readingListPolicy.can(viewer, 'read', shared))).toEqual([true, true, true, true]);
  });

  it('a public list whose owner is hidden, or across a block, is missing to others but never to its owner', () => {
    for (const facts of [{ ownerHidden: true }, { blocked: true }]) {
      expect(VIEWERS.map(([, viewer]) => readingListPolicy.can(viewer, 'read', { ...shared, ...facts }))).toEqual([false, false, true, false]);
    }
  });

  it('permissions: the owner does everything, but Read later keeps its name and stays', () => {
    expect(readingListPolicy.permissions(OWNER, named)).toEqual({ edit: true, rename: true, changeVisibility: true, delete: true });
    expect(readingListPolicy.permissions(OWNER, readLater)).toEqual({ edit: true, rename: false, changeVisibility: true, delete: false });
    for (const [name, viewer] of VIEWERS) {
      if (name !== 'owner') expect(readingListPolicy.permissions(viewer, shared)).toEqual({ edit: false, rename: false, changeVisibility: false, delete: false });
    }
  });
});

describe('authorizeReadingList', () => {
  it('answers 404 for a missing or unreadable list and 403 for a readable one the viewer may not change', () => {
    for (const [name, viewer] of VIEWERS) {
      expect(answer(() => authorizeReadingList(viewer, 'read', undefined))).toEqual(NOT_FOUND);
      expect(answer(() => authorizeReadingList(viewer, 'edit', named))).toEqual(name === 'owner' ? 'ok' : NOT_FOUND);
      expect(answer(() => authorizeReadingList(viewer, 'delete', shared))).toEqual(name === 'owner' ? 'ok' : [403, READING_LIST_TEXTS.notYours]);
    }
    expect(answer(() => authorizeReadingList(OWNER, 'delete', readLater))).toEqual([403, READING_LIST_TEXTS.readLaterKept]);
    expect(answer(() => authorizeReadingList(OWNER, 'rename', readLater))).toEqual([403, READING_LIST_TEXTS.readLaterNamed]);
  });
});
