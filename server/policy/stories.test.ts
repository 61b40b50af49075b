import { describe, expect, it } from 'vitest';
import { authorizeStory, storyPolicy, type StoryAction } from './stories';
import { answer, OTHER, OWNER, VIEWERS } from '../test/policy';

const publicStory = { uid: OWNER.uid, public: true, authorState: 0 };
const privateStory = { uid: OWNER.uid, public: false, authorState: 0 };
/** Its author is suspended or deactivated. */
const hiddenStory = { uid: OWNER.uid, public: true, authorState: 2 };

/** Expected answers of `can`, per viewer: guest, other, owner, admin. */
const EXPECTED: Record<'public' | 'private', Record<StoryAction, [boolean, boolean, boolean, boolean]>> = {
  public: {
    read: [true, true, true, true],
    edit: [false, false, true, false],
    delete: [false, false, true, false],
    changeVisibility: [false, false, true, false],
    versions: [false, false, true, false],
    react: [false, true, true, true],
    comment: [false, true, true, true],
    favorite: [false, true, false, true],
    remove: [false, false, false, true],
  },
  private: {
    read: [false, false, true, false],
    edit: [false, false, true, false],
    delete: [false, false, true, false],
    changeVisibility: [false, false, true, false],
    versions: [false, false, true, false],
    react: [false, false, false, false],
    comment: [false, false, false, false],
    favorite: [false, false, false, false],
    remove: [false, false, false, false],
  },
};

describe('storyPolicy', () => {
  for (const [visibility, story] of [['public', publicStory], ['private', privateStory]] as const) {
    for (const [action, expected] of Object.entries(EXPECTED[visibility]) as Array<[StoryAction, boolean[]]>) {
      it(`${action} on a ${visibility} story: guest, other, owner, admin`, () => {
        expect(VIEWERS.map(([, viewer]) => storyPolicy.can(viewer, action, story))).toEqual(expected);
        // A stored row (public as 0/1) gets the same answers.
        const row = { ...story, public: story.public ? (1 as const) : (0 as const) };
        expect(VIEWERS.map(([, viewer]) => storyPolicy.can(viewer, action, row))).toEqual(expected);
      });
    }
  }

  it('sends the same answers as `permissions`', () => {
    for (const story of [publicStory, privateStory]) {
      for (const [, viewer] of VIEWERS) {
        const permissions = storyPolicy.permissions(viewer, story);
        for (const [action, allowed] of Object.entries(permissions)) expect(storyPolicy.can(viewer, action as StoryAction, story)).toBe(allowed);
      }
    }
  });
});

describe('a suspended or deactivated author', () => {
  it('their public story exists for no one but themselves, admins included', () => {
    expect(VIEWERS.map(([, viewer]) => storyPolicy.can(viewer, 'read', hiddenStory))).toEqual([false, false, true, false]);
    expect(answer(() => authorizeStory(OTHER, 'read', hiddenStory))).toEqual([404, 'Story not found']);
    expect(VIEWERS.map(([, viewer]) => storyPolicy.can(viewer, 'react', hiddenStory))).toEqual([false, false, true, false]);
  });

  it('a limited author’s story is still readable by everyone (only community leaves it out)', () => {
    expect(VIEWERS.map(([, viewer]) => storyPolicy.can(viewer, 'read', { ...publicStory, authorState: 1 }))).toEqual([true, true, true, true]);
  });
});

describe('authorizeStory', () => {
  const notFound = [404, 'Story not found'];

  it('lets through whoever the policy allows', () => {
    expect(answer(() => authorizeStory(null, 'read', publicStory))).toBe('ok');
    expect(answer(() => authorizeStory(OWNER, 'edit', privateStory))).toBe('ok');
    expect(answer(() => authorizeStory(OTHER, 'comment', publicStory))).toBe('ok');
  });

  it('answers 404 for a missing story and for a private one to anyone but its author, whatever the action', () => {
    for (const action of Object.keys(EXPECTED.private) as StoryAction[]) {
      expect(answer(() => authorizeStory(OTHER, action, undefined))).toEqual(notFound);
      for (const [name, viewer] of VIEWERS) {
        if (name !== 'owner') expect(answer(() => authorizeStory(viewer, action, privateStory))).toEqual(notFound);
      }
    }
  });

  it('answers 401 to a guest for an action that needs a session', () => {
    for (const action of ['edit', 'delete', 'changeVisibility', 'react', 'comment', 'favorite'] as const) {
      expect(answer(() => authorizeStory(null, action, publicStory))).toEqual([401, 'Please sign in to continue.']);
    }
  });

  it('answers 403 with the reason to a reader who may see the story but not do the action', () => {
    expect(answer(() => authorizeStory(OTHER, 'edit', publicStory))).toEqual([403, 'Only the author can edit this story.']);
    expect(answer(() => authorizeStory(OTHER, 'delete', publicStory))).toEqual([403, 'Only the author can delete this story.']);
    expect(answer(() => authorizeStory(OWNER, 'comment', privateStory))).toEqual([403, 'Comments are open on public stories only.']);
    expect(answer(() => authorizeStory(OWNER, 'react', privateStory))).toEqual([403, 'Reactions are open on public stories only.']);
    expect(answer(() => authorizeStory(OWNER, 'favorite', publicStory))).toEqual([403, 'You cannot favorite your own story.']);
  });

  it('narrows the record for the caller', () => {
    const row: { uid: string; public: boolean; authorState: number; title: string } | undefined = { ...publicStory, title: 'Kept' };
    authorizeStory(null, 'read', row);
    expect(row.title).toBe('Kept');
  });
});

describe('a block between the viewer and the author (the `blocked` fact)', () => {
  it('makes the story missing for every action, admins included, public or not', () => {
    for (const story of [publicStory, privateStory]) {
      const blocked = { ...story, blocked: true };
      for (const action of Object.keys(EXPECTED.public) as StoryAction[]) {
        for (const viewer of [OTHER, { ...OTHER, admin: true }]) {
          expect(storyPolicy.can(viewer, action, blocked)).toBe(false);
          expect(answer(() => authorizeStory(viewer, action, blocked))).toEqual([404, 'Story not found']);
        }
      }
      expect(Object.values(storyPolicy.permissions(OTHER, blocked))).toEqual([false, false, false, false, false, false, false]);
    }
    expect(answer(() => authorizeStory(OTHER, 'react', { ...publicStory, blocked: false }))).toBe('ok');
  });
});
