import { Redis } from "ioredis";
import type { Logger } from "./log.ts";

/**
 * "This cached thing changed": told to every instance, so an in-process cache is dropped everywhere after a write.
 * A listener also hears `reset` whenever messages may have been missed (Redis reconnected), and must then drop
 * everything it holds, since it cannot know what changed meanwhile.
 */
export interface InvalidationBus {
  publish(topic: string): void;
  subscribe(topic: string, onChange: () => void): void;
  close(): Promise<void>;
}

/** One process: listeners hear publishes at once (single instance, tests). */
export function createMemoryInvalidationBus(): InvalidationBus {
  const listeners = new Map<string, Set<() => void>>();
  return {
    publish(topic) {
      for (const listener of listeners.get(topic) ?? []) listener();
    },
    subscribe(topic, onChange) {
      if (!listeners.has(topic)) listeners.set(topic, new Set());
      listeners.get(topic)!.add(onChange);
    },
    close: () => Promise.resolve(),
  };
}

export interface RedisInvalidationOptions {
  url: string;
  /** Channels are `${prefix}invalidate:${topic}`; tests isolate themselves with a random prefix. */
  prefix: string;
  log: Logger;
}

/**
 * Every instance on the same Redis hears every publish (pub/sub), the publisher included. Pub/sub does not keep
 * messages for a subscriber that was disconnected, so each (re)connection of the subscriber counts as a change of
 * every topic: a cache fills again from the database rather than keeping what another instance replaced.
 */
export function createRedisInvalidationBus({ url, prefix, log }: RedisInvalidationOptions): InvalidationBus {
  const options = { retryStrategy: (times: number) => Math.min(100 * times, 2000), maxRetriesPerRequest: 1 };
  const pub = new Redis(url, options);
  const sub = new Redis(url, { ...options, maxRetriesPerRequest: null });
  const listeners = new Map<string, Set<() => void>>();
  const channel = (topic: string) => `${prefix}invalidate:${topic}`;
  const notifyAll = () => {
    for (const set of listeners.values()) for (const listener of set) listener();
  };
  let closing = false;
  for (const client of [pub, sub]) {
    client.on("error", (error: Error) => {
      if (!closing) log.error({ msg: "invalidation redis error", error: error.message });
    });
  }
  sub.on("ready", notifyAll);
  sub.on("message", (from: string) => {
    for (const [topic, set] of listeners) if (channel(topic) === from) for (const listener of set) listener();
  });
  return {
    publish(topic) {
      // The local listeners hear it through Redis too; hearing it at once as well keeps this instance's own
      // next read fresh even before the message comes back.
      for (const listener of listeners.get(topic) ?? []) listener();
      pub.publish(channel(topic), "1").catch((error: unknown) => {
        log.error({ msg: "invalidation publish failed", topic, error: String(error) });
      });
    },
    subscribe(topic, onChange) {
      if (!listeners.has(topic)) {
        listeners.set(topic, new Set());
        sub.subscribe(channel(topic)).catch((error: unknown) => {
          log.error({ msg: "invalidation subscribe failed", topic, error: String(error) });
        });
      }
      listeners.get(topic)!.add(onChange);
    },
    async close() {
      closing = true;
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
