/** ActivityPub federation on Fedify: actors, WebFinger, NodeInfo, inboxes and deliveries. */
export { FederationService } from './service';
export { adminFederationRoutes, federationRoutes } from './routes';
