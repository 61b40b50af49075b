/** The comments feature's public entry: replies from other servers come in as comments through here. */
export { approveRemoteReply, dropRemoteReplies, takeRemoteReply, type IncomingReply } from './remote-replies';
