import { READING_LIST_TEXTS, type ReadingListPermissions } from '@common/reading-lists/reading-lists';
import type { DbBool } from '../db/types';
import { fromDbBool } from '../db/bool';
import { forbidden, notFound } from '../http/errors';
import { own, type Viewer } from './viewer';

/**
 * Who may do what with a reading list (docs/decisions/0071-reading-lists.md). Its owner does
 * everything, but Read later keeps its name and cannot be deleted. A public list is read by
 * anyone, guests too, unless its owner's account is hidden (suspended, deactivated) or a block
 * stands either way, as a profile is; a private list is missing (404) to everyone but its owner.
 * Which of its stories the viewer sees is readableBy's answer (readable-stories.ts), never this.
 */
export interface ReadingListFacts {
  uid: string;
  readLater: boolean | DbBool;
  public: boolean | DbBool;
  /** The owner's account is suspended, deactivated or deleted. */
  ownerHidden?: boolean;
  /** A block stands either way between the viewer and the owner. */
  blocked?: boolean;
}

export type ReadingListAction = 'read' | keyof ReadingListPermissions;

const read = (viewer: Viewer, list: ReadingListFacts) => own(viewer, list) || (fromDbBool(list.public) && list.ownerHidden !== true && list.blocked !== true);

const rules: Record<ReadingListAction, (viewer: Viewer, list: ReadingListFacts) => boolean> = {
  read,
  edit: own,
  rename: (viewer, list) => own(viewer, list) && !fromDbBool(list.readLater),
  changeVisibility: own,
  delete: (viewer, list) => own(viewer, list) && !fromDbBool(list.readLater),
};

const refusal = (action: Exclude<ReadingListAction, 'read'>, list: ReadingListFacts, viewer: Viewer): string => {
  if (!own(viewer, list)) return READING_LIST_TEXTS.notYours;
  return action === 'delete' ? READING_LIST_TEXTS.readLaterKept : READING_LIST_TEXTS.readLaterNamed;
};

export const readingListPolicy = {
  can: (viewer: Viewer, action: ReadingListAction, list: ReadingListFacts): boolean => rules[action](viewer, list),

  /** The `permissions` object every list in the API carries. */
  permissions: (viewer: Viewer, list: ReadingListFacts): ReadingListPermissions => ({
    edit: rules.edit(viewer, list),
    rename: rules.rename(viewer, list),
    changeVisibility: rules.changeVisibility(viewer, list),
    delete: rules.delete(viewer, list),
  }),
};

/** 404 when the list is missing or the viewer may not read it; 403 when they may read it but not do this. */
export function authorizeReadingList<L extends ReadingListFacts>(viewer: Viewer, action: ReadingListAction, list: L | null | undefined): asserts list is L {
  if (!list || !read(viewer, list)) throw notFound(READING_LIST_TEXTS.notFound);
  if (action !== 'read' && !rules[action](viewer, list)) throw forbidden(refusal(action, list, viewer));
}
