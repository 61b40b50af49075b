import { useCallback, useState } from 'react';
import { useSendMessage } from './api';
import { outbox, type OutboxEntry } from './outbox';
import { refusalMessage } from './refusal';

/**
 * Sends through the outbox: the text is stored before the request leaves and removed only
 * once the server has it, so a failure leaves it in the thread to retry.
 */
export function useOutboxSender(conversationId: string) {
  const { mutateAsync } = useSendMessage(conversationId);
  const [refusal, setRefusal] = useState<string | null>(null);

  const deliver = useCallback(
    async (entry: OutboxEntry) => {
      setRefusal(null);
      try {
        await mutateAsync({ text: entry.text });
        outbox.remove(conversationId, entry.localId);
      } catch (error) {
        const reason = refusalMessage(error);
        outbox.update(conversationId, entry.localId, { status: 'failed', error: reason });
        setRefusal(reason);
      }
    },
    [conversationId, mutateAsync],
  );

  const send = useCallback((text: string) => void deliver(outbox.add(conversationId, text)), [conversationId, deliver]);
  const retry = useCallback(
    (entry: OutboxEntry) => {
      outbox.update(conversationId, entry.localId, { status: 'sending', error: null });
      void deliver({ ...entry, status: 'sending', error: null });
    },
    [conversationId, deliver],
  );
  return { send, retry, refusal, clearRefusal: () => setRefusal(null) };
}
