import type { IntensityLevel } from '@common/calendar/calendar';

/** Heat-map colours by words against the goal: none, under half, under the goal, met, twice or more. */
export const LEVEL_CLASSES: Record<IntensityLevel, string> = {
  0: 'bg-subtle ring-1 ring-inset ring-line',
  1: 'bg-accent-200 dark:bg-accent-900',
  2: 'bg-accent-400 dark:bg-accent-700',
  3: 'bg-accent-600 dark:bg-accent-500',
  4: 'bg-accent-800 dark:bg-accent-300',
};

/** A missed day a streak freeze covered: ice. */
export const FROZEN_CLASS = 'bg-cyan-100 ring-1 ring-inset ring-cyan-500 dark:bg-cyan-950 dark:ring-cyan-400';
export const FROZEN_ICON_CLASS = 'text-cyan-700 dark:text-cyan-300';

/** The mark on a day that met the goal (levels 3 and 4), so colour is not the only sign. */
export const MET_DOT_CLASS = 'size-1 rounded-full bg-white dark:bg-gray-950';

export const LEVEL_NAMES: Record<IntensityLevel, string> = {
  0: 'no words',
  1: 'under half the goal',
  2: 'under the goal',
  3: 'goal met',
  4: 'twice the goal',
};
