/**
 * Lets code that just enqueued work wake the in-process worker at once instead of waiting for its
 * next poll. A no-op when no worker runs in this process (another process will poll it up).
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onWorkAvailable(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeWorkers(): void {
  for (const listener of listeners) listener();
}
