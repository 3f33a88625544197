import type { Service } from "../contracts/services/service.ts";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import type { Settings } from "../contracts/settings/settings.ts";
import type { AuditRecord, AuditRepo } from "../db/audit.ts";
import type { IdempotencyStore } from "../db/idempotency.ts";
import type { Clock } from "./clock.ts";
import type { Tx } from "../db/client.ts";
import type { Outbox } from "../outbox/outbox.ts";
import type { OutboxOrder } from "../outbox/orders.ts";
import { announce, type LiveEvent } from "../realtime/live-events.ts";
import type { RealtimeEmitter } from "../realtime/emitter.ts";
import { inSpanSync } from "./tracing.ts";

/** What must follow a decision: written in its transaction (audit, outbox), or told once it committed (live). */
export interface Effects {
  audit: AuditRecord[];
  outbox: OutboxOrder[];
  live: LiveEvent[];
}

export interface EffectsDeps {
  audit: Pick<AuditRepo, "record">;
  outbox: Outbox;
  realtime: RealtimeEmitter;
}

/** What every executor of changes stands on (the booking's, the estimate's), besides its own repositories. */
export interface CommandDeps extends EffectsDeps {
  idempotency: IdempotencyStore;
  clock: Clock;
  /** The business settings of now (cached per instance, dropped on every instance when they change). */
  settings: () => Promise<Settings>;
  /** The services as listed now (cached the same way): what is booked or estimated is priced and named from them. */
  services: () => Promise<readonly Service[]>;
  /** The business as configured, which the settings' profile completes. */
  profile: BusinessProfile;
}

/**
 * The one way a change's effects leave, whatever changed (a booking, an estimate): `write` in the change's
 * transaction (the audit entries, then the outbox's orders), `tell` after its commit (the live events, and a wake of
 * the outbox's worker when something was written for it).
 */
export function effectsOf({ audit, outbox, realtime }: EffectsDeps) {
  return {
    async write(tx: Tx, effects: Effects): Promise<void> {
      for (const entry of effects.audit) await audit.record(tx, entry);
      if (effects.outbox.length > 0) await outbox.write(tx, effects.outbox);
    },
    tell(effects: Effects): void {
      if (effects.live.length > 0) {
        const events = effects.live.map((e) => e.event);
        inSpanSync("realtime.announce", { attributes: { "realtime.events": events } }, () =>
          announce(realtime, effects.live),
        );
      }
      if (effects.outbox.length > 0) outbox.wake();
    },
  };
}
