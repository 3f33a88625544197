import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import { profileWithSettings, type Settings } from "../../contracts/settings/settings.ts";
import type { InvalidationBus } from "../../platform/invalidation.ts";
import type { SettingsRepo } from "./repo.ts";

export const SETTINGS_TOPIC = "settings";
/** A backstop, as for the services list: a publish lost during a Redis outage must not hold old settings for ever. */
export const SETTINGS_TTL_MS = 60_000;

export interface SettingsCache {
  /** The current settings (every booking, availability and profile answer reads them). */
  get(): Promise<Settings>;
  /** The business profile with the current settings, the same object until they change (pages are filled once). */
  profile(): Promise<BusinessProfile>;
  /** The profile of the last settings loaded, without waiting: for callers that cannot wait (see app.ts). */
  lastProfile(): BusinessProfile;
  /** After a write has committed: every instance drops its copy. */
  changed(): void;
}

/**
 * Read on every booking and page, written a few times a year: kept in memory and dropped on every instance through
 * the invalidation bus after a change. A load that began before a change is never kept (the generation moved on),
 * so a request that follows a committed change never sees the settings from before it.
 */
export function createSettingsCache(
  repo: SettingsRepo,
  bus: InvalidationBus,
  baseProfile: BusinessProfile,
  now: () => number = Date.now,
): SettingsCache {
  let generation = 0;
  let current: {
    generation: number;
    at: number;
    value: Promise<{ settings: Settings; profile: BusinessProfile }>;
  } | null = null;
  let last: BusinessProfile = baseProfile;
  bus.subscribe(SETTINGS_TOPIC, () => {
    generation += 1;
    current = null;
  });
  const load = () => {
    const at = now();
    if (current && current.generation === generation && at - current.at < SETTINGS_TTL_MS) return current.value;
    const slot = {
      generation,
      at,
      value: repo.get().then((settings) => ({ settings, profile: profileWithSettings(baseProfile, settings) })),
    };
    current = slot;
    slot.value.then(
      (loaded) => {
        if (current === slot) last = loaded.profile;
      },
      // A failed load is not remembered: the next request tries the database again.
      () => {
        if (current === slot) current = null;
      },
    );
    return slot.value;
  };
  return {
    get: async () => (await load()).settings,
    profile: async () => (await load()).profile,
    lastProfile: () => last,
    changed: () => bus.publish(SETTINGS_TOPIC),
  };
}
