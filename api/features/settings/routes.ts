import { Hono, type MiddlewareHandler } from "hono";
import { staffActor } from "../../contracts/common/actor.ts";
import { todayIn } from "../../contracts/schedule/dates.ts";
import { SettingsUpdateSchema } from "../../contracts/settings/schemas.ts";
import { mergeSettings, type SettingsSaved, settingsProblem } from "../../contracts/settings/settings.ts";
import { BadRequest } from "../../errors.ts";
import { stepUp } from "../../http/auth.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson } from "../../http/validate.ts";
import type { Clock } from "../../platform/clock.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import type { AuditRepo } from "../../db/audit.ts";
import { affectedBookings } from "./affected.ts";
import type { SettingsCache } from "./cache.ts";
import type { SettingsRepo } from "./repo.ts";

export interface SettingsDeps {
  repo: SettingsRepo;
  audit: Pick<AuditRepo, "record">;
  cache: SettingsCache;
  realtime: Pick<RealtimeEmitter, "settingsChanged">;
  requireAdmin: MiddlewareHandler<AppEnv>;
  /** Step-up when a change touches what payments run on (the tax). */
  requireRecentSignIn: MiddlewareHandler<AppEnv>;
  clock: Clock;
  businessTz: string;
}

/** The audit trail names the settings as one entity. */
const SETTINGS_ENTITY_ID = "business";

/**
 * /api/settings, for admins: read, and change any part. A change is validated whole before anything is written,
 * saved and audited in one transaction, then dropped from every instance's cache and told to open pages.
 */
export function settingsRoutes(deps: SettingsDeps) {
  const { repo, audit, cache, realtime, requireAdmin, clock, businessTz } = deps;
  return new Hono<AppEnv>()
    .use(requireAdmin)
    .get("/", async (c) => {
      // Read fresh: the owner's screen must show what is stored, not what this instance cached.
      c.header("Cache-Control", "no-store");
      return c.json(await repo.get());
    })
    .put("/", validateJson(SettingsUpdateSchema), async (c) => {
      const update = c.req.valid("json");
      const answer = await repo.transaction(async (tx): Promise<SettingsSaved> => {
        const before = await repo.getForUpdate(tx);
        const merged = mergeSettings(before, update);
        if (merged.taxRatePercent !== before.taxRatePercent || merged.taxLabel !== before.taxLabel) {
          await stepUp(c, deps.requireRecentSignIn);
        }
        const problem = settingsProblem(merged);
        if (problem) throw new BadRequest(problem);
        const after = await repo.save(tx, merged);
        await audit.record(tx, {
          actor: staffActor(c.get("user")),
          entityType: "settings",
          entityId: SETTINGS_ENTITY_ID,
          action: "update",
          before,
          after,
        });
        const live = await repo.liveBookingsFrom(tx, todayIn(businessTz, clock.now()));
        const affected = affectedBookings(live, before, after);
        return affected.length > 0 ? { data: after, affectedBookings: affected } : { data: after };
      });
      cache.changed();
      realtime.settingsChanged(await cache.profile());
      c.header("Cache-Control", "no-store");
      return c.json(answer);
    });
}
