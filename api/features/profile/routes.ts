import { Hono } from "hono";
import type { BusinessProfile } from "../../contracts/entities.ts";
import type { AppEnv } from "../../http/env.ts";
import { jsonEntry, sendJsonEntry } from "../../http/etag.ts";

/** /api/profile: the business's name, contact details, hours and claims, from config (so serialized once). */
export function profileRoutes({ profile }: { profile: BusinessProfile }) {
  const entry = jsonEntry(profile);
  return new Hono<AppEnv>().get("/", async (c) => sendJsonEntry(c, await entry));
}
