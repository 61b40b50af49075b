import { describe, expect, it } from 'vitest';
import { anthologyPolicy, authorizeAnthology, type AnthologyFacts } from './policy';
import { statusOf } from '../../test/policy';

const opener = { uid: 'opener', admin: false };
const co = { uid: 'co', admin: false };
const reader = { uid: 'reader', admin: false };
const admin = { uid: 'admin', admin: true };
const facts = (over: Partial<AnthologyFacts> = {}): AnthologyFacts => ({ uid: 'opener', coEditors: ['co'], submissions: 'moderated', ownerHidden: false, blocked: false, ...over });


describe('anthology policy', () => {
  it('gives the opener everything, a co-editor editing without managing, a reader submitting and following and reporting', () => {
    expect(anthologyPolicy.permissions(opener, facts())).toEqual({ edit: true, manage: true, submit: true, follow: true, report: false });
    expect(anthologyPolicy.permissions(co, facts())).toEqual({ edit: true, manage: false, submit: true, follow: true, report: false });
    expect(anthologyPolicy.permissions(reader, facts())).toEqual({ edit: false, manage: false, submit: true, follow: true, report: true });
    expect(anthologyPolicy.permissions(null, facts())).toEqual({ edit: false, manage: false, submit: false, follow: false, report: false });
    // Admins moderate through reports: no editing powers here.
    expect(anthologyPolicy.permissions(admin, facts())).toMatchObject({ edit: false, manage: false });
  });

  it('closed: only the editors add their stories', () => {
    expect(anthologyPolicy.can(reader, 'submit', facts({ submissions: 'closed' }))).toBe(false);
    expect(anthologyPolicy.can(co, 'submit', facts({ submissions: 'closed' }))).toBe(true);
    expect(anthologyPolicy.can(reader, 'submit', facts({ submissions: 'open' }))).toBe(true);
  });

  it("hides it when its opener is suspended or gone, or a block stands between: from all but its opener and admins", () => {
    for (const over of [{ ownerHidden: true }, { blocked: true }]) {
      expect(anthologyPolicy.can(reader, 'read', facts(over))).toBe(false);
      expect(anthologyPolicy.can(opener, 'read', facts(over))).toBe(true);
      expect(anthologyPolicy.can(admin, 'read', facts(over))).toBe(true);
    }
    expect(anthologyPolicy.can(null, 'read', facts({ ownerHidden: true }))).toBe(false);
    expect(anthologyPolicy.can(co, 'read', facts({ ownerHidden: true }))).toBe(false);
  });

  it('answers 404 for what the viewer may not see, 401 for a guest and 403 for a member', () => {
    expect(statusOf(() => authorizeAnthology(reader, 'edit', null))).toBe(404);
    expect(statusOf(() => authorizeAnthology(reader, 'edit', facts({ ownerHidden: true })))).toBe(404);
    expect(statusOf(() => authorizeAnthology(reader, 'edit', facts()))).toBe(403);
    expect(statusOf(() => authorizeAnthology(co, 'manage', facts()))).toBe(403);
    expect(statusOf(() => authorizeAnthology(null, 'follow', facts()))).toBe(401);
    expect(statusOf(() => authorizeAnthology(co, 'edit', facts()))).toBe(200);
    expect(statusOf(() => authorizeAnthology(reader, 'submit', facts({ submissions: 'closed' })))).toBe(403);
  });
});
