/** The fediverse: a member's address, sharing and follows across servers (common/federation/federation.ts). */
export { FediverseSection } from './FediverseSection';
export { FediverseStories } from './FediverseStories';
export { FediverseReactionsLine } from './FediverseReactionsLine';
export { federationKeys, useBlockRemote } from './api';
