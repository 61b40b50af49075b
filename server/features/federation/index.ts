/** ActivityPub federation on Fedify: actors, WebFinger, NodeInfo, inboxes and deliveries. */
export { createFederationService } from './create';
export { federationOf } from './of-context';
export { pruneFederationCache, sendAllStories, sendRecentStories } from './jobs';
/** Where the copy of a remote account's picture is stored (backups carry them). */
export { remoteAvatarKey } from './remote-avatars';
