import packageJson from '../../package.json';

/** The running Drabble's version (package.json), written into every backup's manifest. */
export const APP_VERSION: string = packageJson.version;
