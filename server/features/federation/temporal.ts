import { Temporal as TemporalPolyfill } from '@js-temporal/polyfill';

/**
 * Fedify's types use the global `Temporal` (TypeScript's esnext.temporal lib), which Node 24
 * does not have yet; Fedify itself uses the polyfill. Federation code imports this module first
 * and uses the global, so its values are the type Fedify's signatures name.
 */
const scope = globalThis as { Temporal?: unknown };
scope.Temporal ??= TemporalPolyfill;
