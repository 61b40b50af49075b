/** The reading lists feature's public entry: its routes (server/app.ts). */
export { readingListRoutes } from './routes';
