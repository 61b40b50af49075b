import { describe, expect, it } from 'vitest';
import { CONVERSATION_NOT_FOUND, MESSAGE_NOT_FOUND } from '../messages/messages';
import { STORY_NOT_FOUND } from '../stories/story';
import { conversationContracts, directMessageContracts } from '../messages/contract';
import { buildPath, routePath, withSearchParams } from './define';
import { storyContracts } from '../stories/contract';

describe('routePath', () => {
  it('is the path itself for a route without parameters or query', () => {
    expect(routePath(storyContracts.rows)).toBe('/api/stories/mine/rows');
    expect(routePath(conversationContracts.unreadCount)).toBe('/api/conversations/unread-count');
  });

  it('puts each parameter in its place, percent-encoded', () => {
    expect(routePath(storyContracts.read, { params: { id: 'abc123' } })).toBe('/api/stories/abc123');
    expect(routePath(conversationContracts.edit, { params: { id: 'c1', messageId: 'm2' } })).toBe('/api/conversations/c1/messages/m2');
    expect(routePath(directMessageContracts.canMessage, { params: { uid: 'a/b?c' } })).toBe('/api/users/a%2Fb%3Fc/can-message');
  });

  it('adds the query string, leaving out undefined and empty values', () => {
    expect(routePath(storyContracts.community, { query: { q: 'sea & sky', sort: 'liked', genre: undefined, perfect: '', limit: 12 } })).toBe(
      '/api/stories/community?q=sea+%26+sky&sort=liked&limit=12',
    );
    expect(routePath(conversationContracts.deleteMessage, { params: { id: 'c1', messageId: 'm2' }, query: { for: 'me' } })).toBe('/api/conversations/c1/messages/m2?for=me');
    expect(routePath(conversationContracts.list, { query: {} })).toBe('/api/conversations');
  });

  it('throws on a missing parameter rather than calling a wrong address', () => {
    expect(() => buildPath(storyContracts.read, {})).toThrow('GET /api/stories/:id: no value for :id');
  });
});

describe('withSearchParams', () => {
  it('keeps an address without values as it is', () => {
    expect(withSearchParams('/api/favorites', { cursor: undefined })).toBe('/api/favorites');
  });
});

describe('path parameter schemas', () => {
  it('accept the ids the server hands out', () => {
    expect(storyContracts.read.params.parse({ id: 'Ab3' })).toEqual({ id: 'Ab3' });
    expect(directMessageContracts.canMessage.params.parse({ uid: 'user_1-x' })).toEqual({ uid: 'user_1-x' });
  });

  it('refuse anything else with the not-found sentence of what the id names', () => {
    const story = storyContracts.update.params.safeParse({ id: 'no-such/id' });
    expect(story.success ? null : story.error.issues[0]?.message).toBe(STORY_NOT_FOUND);
    const message = conversationContracts.edit.params.safeParse({ id: 'c1', messageId: 'x'.repeat(65) });
    expect(message.success ? null : message.error.issues[0]?.message).toBe(MESSAGE_NOT_FOUND);
    const conversation = conversationContracts.read.params.safeParse({ id: '' });
    expect(conversation.success ? null : conversation.error.issues[0]?.message).toBe(CONVERSATION_NOT_FOUND);
  });
});

describe('the contracts', () => {
  it('name a params schema for exactly the routes whose path has parameters', () => {
    for (const route of [...Object.values(storyContracts), ...Object.values(conversationContracts), ...Object.values(directMessageContracts)]) {
      expect('params' in route, `${route.method} ${route.path}`).toBe(route.path.includes(':'));
    }
  });
});
