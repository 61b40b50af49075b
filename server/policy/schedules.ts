import { SCHEDULE_TEXTS } from '@common/scheduled-publishing/rules';
import { fromDbBool } from '../db/bool';
import { conflict, forbidden } from '../http/errors';
import { authorizeStory, type StoryFacts } from './stories';
import { assertSignedIn, own, type Viewer } from './viewer';

/**
 * Who may do what with a story's schedule (docs/decisions/0072-scheduled-publishing.md). The
 * story is read first through the stories policy, so anyone who cannot read it finds no story
 * (404 'Story not found', as for every story action); then:
 *
 * - read, cancel: own. A reader of someone's public story is refused (403).
 * - schedule (set or change the time): own, and only while the story is private: a public
 *   story has nothing left to publish (409). Sent to the UI as `permissions.schedule`.
 */
export type ScheduleAction = 'read' | 'schedule' | 'cancel';

const rules: Record<ScheduleAction, (viewer: Viewer, story: StoryFacts) => boolean> = {
  read: own,
  schedule: (viewer, story) => own(viewer, story) && !fromDbBool(story.public),
  cancel: own,
};

export const schedulePolicy = {
  can: (viewer: Viewer, action: ScheduleAction, story: StoryFacts): boolean => rules[action](viewer, story),
  permissions: (viewer: Viewer, story: StoryFacts) => ({ schedule: rules.schedule(viewer, story) }),
};

/** 404 when the viewer may not read the story; 401 for a guest, 403 when it is not theirs; 409 when scheduling a public one. */
export function authorizeSchedule<S extends StoryFacts>(viewer: Viewer, action: ScheduleAction, story: S | null | undefined): asserts story is S {
  authorizeStory(viewer, 'read', story);
  assertSignedIn(viewer);
  if (!own(viewer, story)) throw forbidden(SCHEDULE_TEXTS.onlyAuthor);
  if (!rules[action](viewer, story)) throw conflict(SCHEDULE_TEXTS.notPrivate);
}
