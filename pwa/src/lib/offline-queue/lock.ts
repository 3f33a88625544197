/**
 * Mutual exclusion across every tab and the service worker through the Web Locks API where it exists;
 * elsewhere (older Safari, tests) only within this context. Without cross-context locks a duplicate send
 * is still harmless: it carries the same Idempotency-Key and the server answers it with the first result.
 */
interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

function lockManager(): LockManagerLike | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks && typeof locks.request === "function" ? locks : null;
}

const tails = new Map<string, Promise<unknown>>();
const held = new Set<string>();

/** Runs `task` once no other holder of `name` runs; waits for it otherwise. */
export async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (locks) return locks.request(name, {}, task);
  const previous = tails.get(name) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(async () => {
      held.add(name);
      try {
        return await task();
      } finally {
        held.delete(name);
      }
    });
  const tail = run.catch(() => undefined);
  tails.set(name, tail);
  void tail.then(() => {
    if (tails.get(name) === tail) tails.delete(name);
  });
  return run;
}

export const BUSY = Symbol("busy");

/** Runs `task` only if nobody holds `name` right now; answers BUSY without waiting otherwise. */
export async function tryLock<T>(name: string, task: () => Promise<T>): Promise<T | typeof BUSY> {
  const locks = lockManager();
  if (locks) return locks.request(name, { ifAvailable: true }, async (lock) => (lock ? task() : BUSY));
  if (held.has(name) || tails.has(name)) return BUSY;
  return withLock(name, task);
}
