import type { ServerContext } from '../../context';
import type { FederationService } from './service';

/*
 * The server's context knows federation only as what the server drives (context.ts `Federation`):
 * the feature finds its whole service here, by the context it was made for. A leaf module, so
 * the feature's files reach the service without importing service.ts (no import cycle).
 */
const services = new WeakMap<ServerContext, FederationService>();

export function attachFederation(ctx: ServerContext, service: FederationService): void {
  services.set(ctx, service);
}

/** This server's federation service, or null when FEDERATION=off. */
export function federationOf(ctx: ServerContext): FederationService | null {
  return ctx.federation === null ? null : (services.get(ctx) ?? null);
}
