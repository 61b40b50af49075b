import { describe, expect, it } from 'vitest';
import { currentWatch, declareWatch, eventsUrl } from './watch';

describe('what a tab watches', () => {
  it('the target declared last wins until it goes away, then the one before it', () => {
    expect(currentWatch()).toBeNull();
    const community = declareWatch('community');
    const story = declareWatch('story:abc');
    expect(currentWatch()).toBe('story:abc');
    story();
    expect(currentWatch()).toBe('community');
    story();
    expect(currentWatch()).toBe('community');
    community();
    expect(currentWatch()).toBeNull();
  });

  it('releasing an earlier declaration leaves the latest in place', () => {
    const profile = declareWatch('profile:u1');
    const story = declareWatch('story:s1');
    profile();
    expect(currentWatch()).toBe('story:s1');
    story();
    expect(currentWatch()).toBeNull();
  });

  it('builds the stream address with the target and the resume point', () => {
    expect(eventsUrl('/api/events', null, null)).toBe('/api/events');
    expect(eventsUrl('/api/events', 'story:s1', null)).toBe('/api/events?watch=story%3As1');
    expect(eventsUrl('/api/events', 'community', '42')).toBe('/api/events?watch=community&since=42');
    expect(eventsUrl('/api/events', null, '7')).toBe('/api/events?since=7');
  });
});
