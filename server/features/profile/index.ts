/** The profile feature's public entry: keeping the author snapshot on stories in step with a new image. */
export { refreshStoryAvatars } from './queries';
