/**
 * A loader that runs once, on first use, however many callers wait for it at the same time;
 * a failed load is tried again by the next caller rather than remembered.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
}
