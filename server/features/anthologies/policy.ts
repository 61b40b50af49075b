import { ANTHOLOGY_NOT_FOUND, ANTHOLOGY_TEXTS, type AnthologyPermissions, type AnthologySubmissions } from '@common/anthologies/anthologies';
import { forbidden, notFound } from '../../http/errors';
import { adminAny, assertSignedIn, own, signedIn, type Viewer } from '../../policy/viewer';

/**
 * Who may do what with an anthology (docs/decisions/0075-anthologies.md). The API sends the
 * answers (`permissions`) with every anthology so the UI shows exactly the controls the server allows.
 *
 * - read: anyone, unless the member who opened it is suspended, deactivated or gone (then it is
 *   hidden: 404, as for an unknown id; admins still see it, to moderate it) or a block stands
 *   between them and the viewer.
 * - edit (its words, cover, submissions and order; accept, decline, remove stories): its editors,
 *   the opener and the co-editors.
 * - manage (name and remove co-editors, delete it): the opener.
 * - submit: a member, while submissions are open or moderated; an editor always (their own stories).
 * - follow: any member. report: any member but its editors.
 */
export interface AnthologyFacts {
  /** The member who opened it. */
  uid: string;
  coEditors: readonly string[];
  submissions: AnthologySubmissions;
  /** Its opener is suspended, deactivated or deleted. */
  ownerHidden: boolean;
  /** A block stands between the viewer and its opener. */
  blocked: boolean;
}

export type AnthologyAction = 'read' | keyof AnthologyPermissions;

const editor = (viewer: Viewer, a: AnthologyFacts) => own(viewer, a) || (viewer !== null && a.coEditors.includes(viewer.uid));
const read = (viewer: Viewer, a: AnthologyFacts) => adminAny(viewer) || own(viewer, a) || (!a.ownerHidden && !a.blocked);

const rules: Record<AnthologyAction, (viewer: Viewer, a: AnthologyFacts) => boolean> = {
  read,
  edit: editor,
  manage: own,
  submit: (viewer, a) => signedIn(viewer) && (editor(viewer, a) || a.submissions !== 'closed'),
  follow: signedIn,
  report: (viewer, a) => signedIn(viewer) && !editor(viewer, a),
};

const REFUSALS: Record<Exclude<AnthologyAction, 'read'>, string> = {
  edit: ANTHOLOGY_TEXTS.onlyEditors,
  manage: ANTHOLOGY_TEXTS.onlyOwner,
  submit: ANTHOLOGY_TEXTS.closed,
  follow: ANTHOLOGY_TEXTS.notFound,
  report: ANTHOLOGY_TEXTS.onlyEditors,
};

export const anthologyPolicy = {
  can: (viewer: Viewer, action: AnthologyAction, a: AnthologyFacts): boolean => rules[action](viewer, a),
  isEditor: editor,
  permissions: (viewer: Viewer, a: AnthologyFacts): AnthologyPermissions => ({
    edit: rules.edit(viewer, a),
    manage: rules.manage(viewer, a),
    submit: rules.submit(viewer, a),
    follow: rules.follow(viewer, a),
    report: rules.report(viewer, a),
  }),
};

/** 404 when missing or hidden from the viewer; 401 for a guest and 403 for a member when they may not do `action`. */
export function authorizeAnthology<A extends AnthologyFacts>(viewer: Viewer, action: AnthologyAction, a: A | null | undefined): asserts a is A {
  if (!a || !read(viewer, a)) throw notFound(ANTHOLOGY_NOT_FOUND);
  if (action === 'read') return;
  assertSignedIn(viewer);
  if (!rules[action](viewer, a)) throw forbidden(REFUSALS[action]);
}
