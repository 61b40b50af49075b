import { AUTHOR_STATE } from '@common/moderation/moderation';
import { scheduleInstant, scheduleRefusal } from '@common/scheduled-publishing/rules';
import type { ScheduledStories, ScheduleResponse, ScheduleUpdate } from '@common/scheduled-publishing/schedule';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { authorizeSchedule, schedulePolicy } from '../../policy/schedules';
import type { SignedInViewer } from '../../policy/viewer';
import { changeVisibility, findStoryRowFor, lockStory, logVisibility } from '../stories';
import { resolveTimeZone } from '../streaks';
import { claimDueSchedule, deleteSchedule, dueSchedules, findSchedule, schedulesOf, upsertSchedule } from './queries';

/** How many due stories one run of the job publishes; the rest wait for the next run, seconds later. */
const DUE_BATCH = 50;

type Db = ServerContext['db'];

async function answer(db: Db, viewer: SignedInViewer, story: { id: string; uid: string; public: number | boolean; authorState: number }): Promise<ScheduleResponse> {
  const schedule = await findSchedule(db, story.id);
  return {
    storyId: story.id,
    schedule: schedule ? { publishAt: schedule.publishAt } : null,
    timezone: await resolveTimeZone(db, viewer.uid),
    permissions: schedulePolicy.permissions(viewer, { ...story, public: story.public === true || story.public === 1 }),
  };
}

export async function readSchedule(ctx: ServerContext, viewer: SignedInViewer, id: string): Promise<ScheduleResponse> {
  const row = await findStoryRowFor(ctx.db, viewer, id);
  authorizeSchedule(viewer, 'read', row);
  return answer(ctx.db, viewer, row);
}

/**
 * Sets or moves the time the writer's private story becomes public. `publishAt` is read in the
 * writer's zone (users.timezone, the one streaks count in) unless it carries an offset. A time
 * not in the future, or more than SCHEDULE_AHEAD_MAX_DAYS ahead, is a 400 and changes nothing.
 * The story's row is held while the schedule is written, as a publish holds it.
 */
export async function setSchedule(ctx: ServerContext, viewer: SignedInViewer, id: string, input: ScheduleUpdate, now = new Date()): Promise<ScheduleResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockStory(trx, ctx.dialect, id);
    authorizeSchedule(viewer, 'schedule', row);
    const at = scheduleInstant(input.publishAt, await resolveTimeZone(trx, viewer.uid));
    const refusal = scheduleRefusal(at, now);
    if (refusal !== null || at === null) throw badRequest(refusal ?? '');
    await upsertSchedule(trx, id, at.toISOString(), now.toISOString());
  });
  return readSchedule(ctx, viewer, id);
}

export async function cancelSchedule(ctx: ServerContext, viewer: SignedInViewer, id: string): Promise<ScheduleResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockStory(trx, ctx.dialect, id);
    authorizeSchedule(viewer, 'cancel', row);
    await deleteSchedule(trx, id);
  });
  return readSchedule(ctx, viewer, id);
}

export async function listSchedules(ctx: ServerContext, viewer: SignedInViewer): Promise<ScheduledStories> {
  return { timezone: await resolveTimeZone(ctx.db, viewer.uid), schedules: await schedulesOf(ctx.db, viewer.uid) };
}

/**
 * Publishes one due story, exactly as its writer's Publish button would (stories'
 * changeVisibility: madePublicAt, followers told, feed, tags, Atom, federation). One transaction
 * holds the story's row and claims the schedule by deleting it while due: of several instances
 * at the same moment one deletes it and publishes, the others find it gone.
 *
 * The schedule lapses, and nothing is published, when the writer is suspended or their account
 * is being deleted (the story's authorState is hidden): it must not appear while they are, and
 * lifting a suspension does not publish a story days late without its writer asking again.
 */
export async function publishScheduledStory(ctx: ServerContext, storyId: string, now: Date): Promise<boolean> {
  const published = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockStory(trx, ctx.dialect, storyId);
    if (!(await claimDueSchedule(trx, storyId, now.toISOString())) || !row) return false;
    if (row.public === 1 || row.authorState >= AUTHOR_STATE.hidden) return false;
    return changeVisibility(ctx, trx, row, true, now);
  });
  if (published) await logVisibility(ctx, null, storyId, true);
  return published;
}

/** The `scheduled-publishing` job: publishes every story whose time has come by `now`; how many it published. */
export async function publishDueStories(ctx: ServerContext, now: Date): Promise<number> {
  const due = await dueSchedules(ctx.db, now.toISOString(), DUE_BATCH);
  let published = 0;
  for (const { storyId } of due) if (await publishScheduledStory(ctx, storyId, now)) published++;
  // This instance's shelves and tabs hear of it at once rather than at the next notice.
  if (published > 0) await ctx.bus.flush();
  return published;
}
