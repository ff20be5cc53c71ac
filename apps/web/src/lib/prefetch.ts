/**
 * Answers asked for ahead of the screen that shows them: a route's loader starts the call while the
 * screen's code is still loading, and the screen's query takes the answer instead of asking again.
 * Plain promises, not TanStack Query: the cache comes with the signed-in layout, the loader runs
 * before it (decision 005).
 */
const FRESH_MS = 10_000;
const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/** One call and its body as a key: the body's fields in a fixed order, undefined ones left out. */
const keyOf = (path: string, body: object) => `${path} ${JSON.stringify(body, Object.keys(body).sort())}`;

/** Start `load` for (path, body) unless it is running already; its answer waits to be taken. */
export function prefetch<T>(path: string, body: object, load: () => Promise<T>): Promise<T> {
  const key = keyOf(path, body);
  const running = started.get(key);
  if (running) return running.answer as Promise<T>;
  const answer = load();
  answer.catch(() => started.delete(key));
  started.set(key, { at: Date.now(), answer });
  return answer;
}

/**
 * The answer started for (path, body) within the last 10 s, once; else (or if it failed) `load()`.
 * A later refresh of the screen calls `load` as usual.
 */
export function takePrefetched<T>(path: string, body: object, load: () => Promise<T>): Promise<T> {
  const key = keyOf(path, body);
  const entry = started.get(key);
  started.delete(key);
  if (!entry || Date.now() - entry.at > FRESH_MS) return load();
  return (entry.answer as Promise<T>).catch(() => load());
}
