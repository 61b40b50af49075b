/** The anthologies feature's public entry: what the story page shows. Its screen loads through the router. */
export { StoryAnthologiesLine, SubmitToAnthology } from './StoryAnthologies';
