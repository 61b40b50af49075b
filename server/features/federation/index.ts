/** ActivityPub federation on Fedify: actors, WebFinger, NodeInfo, inboxes and deliveries. */
export { FederationService } from './service';
export { federationOf } from './of-context';
export { adminFederationRoutes, federationRoutes, remoteAvatarRoutes } from './routes';
/** Where the copy of a remote account's picture is stored (backups carry them). */
export { remoteAvatarKey } from './remote-avatars';
