import { describe, expect, it } from 'vitest';
import { ACCOUNT_ACTIONS, CASE_ACTIONS, REPORT_TEXTS } from '@common/moderation/moderation';
import {
  accountActionOf,
  allowedAccountActions,
  authorizeAccountAction,
  authorizeCaseAction,
  authorizeContentRemoval,
  authorizeModeration,
  removableBy,
  type ModerationAction,
  type ModerationTarget,
} from './moderation';
import { ADMIN, answer, OTHER, OWNER } from '../test/policy';
import type { AdminViewer } from './viewer';

const admin = ADMIN as AdminViewer;
const person: ModerationTarget = { uid: 'ada', owner: false, limitedAt: null, suspendedAt: null };
const ownerAccount: ModerationTarget = { uid: 'boss', owner: true, limitedAt: null, suspendedAt: null };
const now = new Date('2026-01-10T00:00:00.000Z');

describe('authorizeModeration', () => {
  it.each<ModerationAction>(['viewQueue', 'actOnCase', 'viewUsers', 'actOnUser', 'removeContent'])('%s: 401 to a guest, 403 to writers, admins pass', (action) => {
    expect(answer(() => authorizeModeration(null, action))).toEqual([401, 'Please sign in to continue.']);
    expect(answer(() => authorizeModeration(OTHER, action))).toEqual([403, 'Admins only.']);
    expect(answer(() => authorizeModeration(OWNER, action))).toEqual([403, 'Admins only.']);
    expect(answer(() => authorizeModeration(ADMIN, action))).toBe('ok');
  });
});

describe('removing content from its page', () => {
  it('is an admin’s, on anyone’s story or comment but their own', () => {
    const theirs = { uid: OWNER.uid };
    expect([null, OTHER, OWNER, ADMIN].map((viewer) => removableBy(viewer, theirs))).toEqual([false, false, false, true]);
    expect(removableBy(ADMIN, { uid: ADMIN.uid })).toBe(false);
    expect(answer(() => authorizeContentRemoval(null, theirs))).toEqual([401, 'Please sign in to continue.']);
    expect(answer(() => authorizeContentRemoval(OWNER, theirs))).toEqual([403, 'Admins only.']);
    expect(answer(() => authorizeContentRemoval(ADMIN, { uid: ADMIN.uid }))).toEqual([403, REPORT_TEXTS.removeOwn]);
    expect(answer(() => authorizeContentRemoval(ADMIN, theirs))).toBe('ok');
  });
});

describe('account actions', () => {
  it.each(ACCOUNT_ACTIONS)('%s: nobody acts on their own account', (action) => {
    expect(answer(() => authorizeAccountAction(ADMIN, { ...person, uid: ADMIN.uid }, action))).toEqual([403, REPORT_TEXTS.selfAction]);
  });

  it('protects the owner from limit, suspend and delete, but not from a warning or a note', () => {
    const answers = Object.fromEntries(ACCOUNT_ACTIONS.map((a) => [a, answer(() => authorizeAccountAction(ADMIN, ownerAccount, a))]));
    expect(answers).toEqual({
      warn: 'ok',
      limit: [403, REPORT_TEXTS.ownerProtected],
      unlimit: 'ok',
      suspend: [403, REPORT_TEXTS.ownerProtected],
      unsuspend: 'ok',
      delete: [403, REPORT_TEXTS.ownerProtected],
      note: 'ok',
    });
  });

  it('refuses writers before anything else', () => {
    expect(answer(() => authorizeAccountAction(OTHER, person, 'note'))).toEqual([403, 'Admins only.']);
    expect(answer(() => authorizeAccountAction(null, person, 'note'))).toEqual([401, 'Please sign in to continue.']);
  });

  it('offers what the rules and the state allow', () => {
    expect(allowedAccountActions(admin, { ...person, deleteAfter: null }, now)).toEqual(['warn', 'limit', 'suspend', 'delete', 'note']);
    const limited = { ...person, limitedAt: '2026-01-01T00:00:00.000Z', deleteAfter: null };
    expect(allowedAccountActions(admin, limited, now)).toEqual(['warn', 'unlimit', 'suspend', 'delete', 'note']);
    const suspended = { ...person, suspendedAt: '2026-01-01T00:00:00.000Z', deleteAfter: '2026-01-31T00:00:00.000Z' };
    expect(allowedAccountActions(admin, suspended, now)).toEqual(['warn', 'limit', 'unsuspend', 'delete', 'note']);
    expect(allowedAccountActions(admin, { ...suspended, deleteAfter: '2026-01-09T00:00:00.000Z' }, now)).toEqual(['warn', 'limit', 'delete', 'note']);
    expect(allowedAccountActions(admin, { ...ownerAccount, deleteAfter: null }, now)).toEqual(['warn', 'note']);
    expect(allowedAccountActions(admin, { ...person, uid: admin.uid, deleteAfter: null }, now)).toEqual([]);
  });
});

describe('case actions', () => {
  it('dismiss and remove touch no account; warn, limit and suspend follow the account rules', () => {
    expect(CASE_ACTIONS.map(accountActionOf)).toEqual([null, null, 'warn', 'limit', 'suspend']);
    expect(answer(() => authorizeCaseAction(ADMIN, ownerAccount, 'remove'))).toBe('ok');
    expect(answer(() => authorizeCaseAction(ADMIN, ownerAccount, 'warn'))).toBe('ok');
    expect(answer(() => authorizeCaseAction(ADMIN, ownerAccount, 'suspend'))).toEqual([403, REPORT_TEXTS.ownerProtected]);
    expect(answer(() => authorizeCaseAction(ADMIN, { ...person, uid: ADMIN.uid }, 'dismiss'))).toBe('ok');
    expect(answer(() => authorizeCaseAction(ADMIN, { ...person, uid: ADMIN.uid }, 'limit'))).toEqual([403, REPORT_TEXTS.selfAction]);
    expect(answer(() => authorizeCaseAction(OTHER, person, 'dismiss'))).toEqual([403, 'Admins only.']);
  });
});
