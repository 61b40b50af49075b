/** The weekly digest's public entry: its settings' query and save, for the settings screen's section. The unsubscribe screen loads through the router. */
export { digestSettingsQuery, useSaveDigestSettings } from './api';
