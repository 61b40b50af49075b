/** The service worker's cache of API reads (build/pwa.ts); the web app empties it on sign-out, so the next person on the device reads nothing of the last one's. */
export const API_CACHE_NAME = 'drabble-api';
