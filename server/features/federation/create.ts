import { attachFederation } from './of-context';
import { FederationService } from './service';

/**
 * The server's federation service, made findable from its context (of-context.ts) for the
 * feature's routes and inbox handlers. Here rather than in the service's constructor, so the
 * service does not import the module that names it.
 */
export function createFederationService(deps: ConstructorParameters<typeof FederationService>[0]): FederationService {
  const service = new FederationService(deps);
  attachFederation(deps.app(), service);
  return service;
}
