/** The weekly digest's public entry: its settings section (on the lazily loaded settings screen). The unsubscribe screen loads through the router. */
export { DigestSection } from './DigestSection';
