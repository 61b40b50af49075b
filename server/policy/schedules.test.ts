import { describe, expect, it } from 'vitest';
import { SCHEDULE_TEXTS } from '@common/scheduled-publishing/rules';
import { AUTHOR_STATE } from '@common/moderation/moderation';
import { authorizeSchedule, schedulePolicy } from './schedules';
import { answer, OWNER, VIEWERS } from '../test/policy';

const draft = { uid: OWNER.uid, public: false, authorState: AUTHOR_STATE.visible };
const published = { ...draft, public: true };

describe('schedulePolicy', () => {
  it('schedule: the writer alone, on their private story only; admins are no exception', () => {
    expect(VIEWERS.map(([, viewer]) => schedulePolicy.permissions(viewer, draft).schedule)).toEqual([false, false, true, false]);
    expect(VIEWERS.map(([, viewer]) => schedulePolicy.can(viewer, 'schedule', published))).toEqual([false, false, false, false]);
  });
});

describe('authorizeSchedule', () => {
  it('answers as the story rules do for those who cannot read it, 403 for a reader, 409 for the writer’s public story', () => {
    const answers = (story: typeof draft, action: 'read' | 'schedule' | 'cancel') => VIEWERS.map(([, viewer]) => answer(() => authorizeSchedule(viewer, action, story)));
    expect(answers(draft, 'schedule')).toEqual([[404, 'Story not found'], [404, 'Story not found'], 'ok', [404, 'Story not found']]);
    expect(answers(published, 'schedule')).toEqual([[401, 'Please sign in to continue.'], [403, SCHEDULE_TEXTS.onlyAuthor], [409, SCHEDULE_TEXTS.notPrivate], [403, SCHEDULE_TEXTS.onlyAuthor]]);
    expect(answers(published, 'cancel')[2]).toBe('ok');
    expect(answers(published, 'read')[2]).toBe('ok');
  });
});
