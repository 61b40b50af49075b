import { describe, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

/** A promise with its resolve, to answer a request when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createQueryClient', () => {
  it('reads afresh an answer invalidated while its first read is still on its way', async () => {
    const queryClient = createQueryClient();
    const answers = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const observer = new QueryObserver(queryClient, { queryKey: ['lists'], queryFn: () => answers[calls++]!.promise });
    const seen: Array<string | undefined> = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));

    // A change is saved while the first read is out; the read may have been answered before the
    // change was made, so the change's invalidation must send another.
    expect(calls).toBe(1);
    const invalidated = queryClient.invalidateQueries({ queryKey: ['lists'] });
    answers[0]!.resolve('before the change');
    answers[1]?.resolve('after the change');
    await invalidated;

    expect(calls).toBe(2);
    expect(queryClient.getQueryData(['lists'])).toBe('after the change');
    expect(seen).not.toContain('before the change');
    unsubscribe();
  });

  it('leaves alone a read that is not invalidated, and one asked not to cancel', async () => {
    const queryClient = createQueryClient();
    const answer = deferred<string>();
    let calls = 0;
    const observer = new QueryObserver(queryClient, { queryKey: ['lists'], queryFn: () => (calls++, answer.promise) });
    const unsubscribe = observer.subscribe(() => {});
    await queryClient.invalidateQueries({ queryKey: ['other'] });
    const gentle = queryClient.invalidateQueries({ queryKey: ['lists'] }, { cancelRefetch: false });
    answer.resolve('the one answer');
    await gentle;
    expect(calls).toBe(1);
    expect(queryClient.getQueryData(['lists'])).toBe('the one answer');
    unsubscribe();
  });

  it('lets a first read that nothing shows finish: the invalidation would not read it again', async () => {
    const queryClient = createQueryClient();
    const answer = deferred<string>();
    const reading = queryClient.fetchQuery({ queryKey: ['lists'], queryFn: () => answer.promise });
    const invalidated = queryClient.invalidateQueries({ queryKey: ['lists'] });
    answer.resolve('the answer awaited');
    await invalidated;
    await expect(reading).resolves.toBe('the answer awaited');
  });
});
