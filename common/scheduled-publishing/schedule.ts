import { z } from 'zod';

export * from './rules';

/** PUT /api/stories/:id/schedule: when to publish; a wall-clock time in the writer's zone, or an instant with its offset. */
export const scheduleUpdateSchema = z.object({ publishAt: z.string().max(40) }).strict();
export type ScheduleUpdate = z.infer<typeof scheduleUpdateSchema>;

/** Who may do what with a story's schedule (server/policy/schedules.ts): the writer, on their private story. */
export const schedulePermissionsSchema = z.object({ schedule: z.boolean() });

export const scheduleSchema = z.object({
  /** The instant, UTC ISO. */
  publishAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** A story's schedule (null: none), with the zone the writer's times are shown in. */
export const scheduleResponseSchema = z.object({
  storyId: z.string(),
  schedule: scheduleSchema.nullable(),
  timezone: z.string(),
  permissions: schedulePermissionsSchema,
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

/** GET /api/scheduled-stories: every schedule of the writer's, soonest first (My Stories marks those stories). */
export const scheduledStoriesResponseSchema = z.object({
  timezone: z.string(),
  schedules: z.array(scheduleSchema.extend({ storyId: z.string(), title: z.string() })),
});
export type ScheduledStories = z.infer<typeof scheduledStoriesResponseSchema>;
