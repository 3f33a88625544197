import { publicRoute } from "../../http/roles.ts";
import { Hono } from "hono";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { AppEnv } from "../../http/env.ts";
import { type JsonEntry, jsonEntry, sendJsonEntry } from "../../http/etag.ts";

/**
 * /api/profile: the business's name, contact details, hours texts and claims, with the settings' booking rules
 * (hours, closed dates, lead time, horizon, discount tiers, service area). Public: the booking form needs them all.
 * Serialized and tagged once per profile, which the settings cache keeps the same object until a change.
 */
export function profileRoutes({ profile }: { profile: () => Promise<BusinessProfile> }) {
  let served: { profile: BusinessProfile; entry: Promise<JsonEntry<BusinessProfile>> } | null = null;
  return new Hono<AppEnv>().get("/", publicRoute, async (c) => {
    const current = await profile();
    if (served?.profile !== current) served = { profile: current, entry: jsonEntry(current) };
    return sendJsonEntry(c, await served.entry);
  });
}
