import { useRef, useState } from 'react';

/**
 * A list the person puts in order one move at a time (Move up / Move down, a drag): each new
 * order goes to the server after the one before it has answered (a quick second Move up must not
 * overtake the first), and the order shown is the last one asked for until all have answered.
 * `save` sends one order (a mutation's mutateAsync: its own success and failure handling stay).
 */
export function useQueuedOrder(saved: readonly string[], save: (order: string[]) => Promise<unknown>) {
  const [pending, setPending] = useState<string[] | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inFlight = useRef(0);
  const ids = pending ?? [...saved];
  const send = (order: string[]) => {
    setPending(order);
    inFlight.current += 1;
    const next = queue.current.then(() => save(order)).catch(() => undefined);
    queue.current = next;
    void next.finally(() => {
      inFlight.current -= 1;
      if (inFlight.current === 0) setPending(null);
    });
  };
  /** The order with `id` moved one place up (-1) or down (1). */
  const moved = (id: string, by: -1 | 1) => {
    const from = ids.indexOf(id);
    const order = [...ids];
    order.splice(from, 1);
    order.splice(from + by, 0, id);
    return order;
  };
  return { ids, send, moved };
}

/**
 * Move up and Move down for the item at `number` of `total`: a move to an end disables the
 * button just pressed, so the focus goes to the other one, not the page.
 */
export function useMoveFocus(number: number, total: number, onMove: (by: -1 | 1) => void) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const moveBy = (by: -1 | 1) => {
    onMove(by);
    if (by === -1 && number === 2) down.current?.focus();
    if (by === 1 && number === total - 1) up.current?.focus();
  };
  return { up, down, moveBy };
}
