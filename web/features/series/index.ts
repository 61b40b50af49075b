/** The series feature's public entry: what the story page and the profile show. Its screen loads through the router. */
export { AddToSeries } from './AddToSeries';
export { StoryPartLine, StoryPartSteps } from './StoryPart';
export { WriterSeries } from './WriterSeries';
