/** Story versions: the author's earlier texts of a story, kept by stories/versions.ts on each changing save. */
export { storyVersionRoutes } from './routes';
