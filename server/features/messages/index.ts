/**
 * The conversations feature's public entry: what a feature request's thread is built from
 * (feature-requests/thread.ts). Routes and services stay behind it, so importing this never
 * loads code that imports feature-requests back.
 */
export { findConversationView, lockConversation, lockRequestConversation, unreadConversations, type ConversationRecord } from './queries';
export { announceConversation, deleteConversation, markConversationRead } from './writes';
export { addParticipant, appendMessage, createConversation } from './queries/conversation-writes';
