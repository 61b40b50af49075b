import { describe, expect, it } from 'vitest';
import { authorizeComment, commentPolicy } from './policy';
import { answer, OTHER, OWNER, VIEWERS } from '../../test/policy';

// OWNER wrote the comment; the story is someone else's (CY's), or OTHER's own.
const comment = { uid: OWNER.uid };
const storyOfCy = { uid: 'cy', public: true, authorState: 0 };
const storyOfOther = { uid: OTHER.uid, public: true, authorState: 0 };

describe('commentPolicy', () => {
  it('delete: own (the comment’s author), not others, not admins', () => {
    expect(VIEWERS.map(([, viewer]) => commentPolicy.can(viewer, 'delete', comment, storyOfCy))).toEqual([false, false, true, false]);
  });

  it('delete: any comment on a story of the viewer’s own', () => {
    expect(VIEWERS.map(([, viewer]) => commentPolicy.can(viewer, 'delete', comment, storyOfOther))).toEqual([false, true, true, false]);
  });

  it('remove: an admin, on anyone’s comment but their own', () => {
    expect(VIEWERS.map(([, viewer]) => commentPolicy.can(viewer, 'remove', comment, storyOfCy))).toEqual([false, false, false, true]);
    expect(commentPolicy.can({ uid: OWNER.uid, admin: true }, 'remove', comment, storyOfCy)).toBe(false);
  });

  it('sends the same answers as `permissions`', () => {
    for (const story of [storyOfCy, storyOfOther]) {
      for (const [, viewer] of VIEWERS) {
        const permissions = commentPolicy.permissions(viewer, comment, story);
        for (const [action, allowed] of Object.entries(permissions)) expect(commentPolicy.can(viewer, action as keyof typeof permissions, comment, story)).toBe(allowed);
      }
    }
  });
});

describe('authorizeComment', () => {
  it('answers 404 for a missing comment, 401 to a guest, 403 to someone else', () => {
    expect(answer(() => authorizeComment(OWNER, 'delete', undefined, storyOfCy))).toEqual([404, 'Comment not found']);
    expect(answer(() => authorizeComment(null, 'delete', comment, storyOfCy))).toEqual([401, 'Please sign in to continue.']);
    expect(answer(() => authorizeComment(OTHER, 'delete', comment, storyOfCy))).toEqual([403, 'You can delete only your own comments.']);
    expect(answer(() => authorizeComment(OWNER, 'delete', comment, storyOfCy))).toBe('ok');
    expect(answer(() => authorizeComment(OTHER, 'delete', comment, storyOfOther))).toBe('ok');
  });
});

describe('a comment across a block (the `blocked` fact)', () => {
  it('is not found, even for its author or the story owner', () => {
    for (const viewer of [OWNER, OTHER]) {
      expect(answer(() => authorizeComment(viewer, 'delete', { ...comment, blocked: true }, storyOfOther))).toEqual([404, 'Comment not found']);
    }
    expect(answer(() => authorizeComment(OWNER, 'delete', { ...comment, blocked: false }, storyOfCy))).toBe('ok');
  });
});
