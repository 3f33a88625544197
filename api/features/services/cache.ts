import type { Service } from "../../contracts/services/service.ts";
import { type JsonEntry, jsonEntry } from "../../http/etag.ts";
import type { InvalidationBus } from "../../platform/invalidation.ts";
import type { ServicesRepo } from "./repo.ts";

export const SERVICES_TOPIC = "services";
/**
 * A backstop, not the mechanism: writes invalidate at once through the bus, but a publish lost during a Redis
 * outage must not leave an instance serving an old list for ever.
 */
export const SERVICES_TTL_MS = 60_000;

export interface ServicesCache {
  /** The list as served (serialized and tagged once per change, not once per request). */
  list(): Promise<JsonEntry<Service[]>>;
  /** The list as served when it is loaded, current and fresh; null when a request would have to load it. */
  loaded(): JsonEntry<Service[]> | null;
  /** After a write has committed: every instance drops its copy. */
  changed(): void;
}

/**
 * The services list is read on every public page and written a few times a month: it is kept in memory and
 * reloaded after a change. A load that began before a change is never kept (the generation moved on), so a
 * request that follows a committed write never gets the list from before it.
 */
export function createServicesCache(
  repo: ServicesRepo,
  bus: InvalidationBus,
  now: () => number = Date.now,
): ServicesCache {
  let generation = 0;
  let current: {
    generation: number;
    at: number;
    entry: Promise<JsonEntry<Service[]>>;
    value?: JsonEntry<Service[]>;
  } | null = null;
  const fresh = (at: number) =>
    current !== null && current.generation === generation && at - current.at < SERVICES_TTL_MS;
  const drop = () => {
    generation += 1;
    current = null;
  };
  bus.subscribe(SERVICES_TOPIC, drop);
  return {
    list() {
      const at = now();
      if (fresh(at)) return current!.entry;
      const slot: NonNullable<typeof current> = { generation, at, entry: repo.list().then(jsonEntry) };
      current = slot;
      slot.entry.then((value) => (slot.value = value)).catch(() => {});
      // A failed load is not remembered: the next request tries the database again.
      slot.entry.catch(() => {
        if (current === slot) current = null;
      });
      return slot.entry;
    },
    loaded: () => (fresh(now()) ? (current!.value ?? null) : null),
    changed: () => bus.publish(SERVICES_TOPIC),
  };
}
