import type { CustomerKey } from "../../../db/customer-key.ts";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { rescheduleSchema } from "../../../contracts/bookings/schemas.ts";
import { PORTAL_MESSAGES, type PortalVisits } from "../../../contracts/portal/portal.ts";
import { PreferencesSchema } from "../../../contracts/portal/schemas.ts";
import { SERVICE_NAMES } from "../../../contracts/services/catalog.ts";
import type { Service } from "../../../contracts/services/service.ts";
import type { Settings } from "../../../contracts/settings/settings.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import { NotFound } from "../../../errors.ts";
import type { AppEnv } from "../../../http/env.ts";
import { validateJson, validateJsonBy } from "../../../http/validate.ts";
import type { RemindersRepo } from "../../../outbox/reminders/repo.ts";
import type { Clock } from "../../../platform/clock.ts";
import type { CustomerBooking, PortalVisitsRepo } from "./repo.ts";
import { toPortalVisit, toPortalVisitDetails, toPortalVisits, type VisitRecordsView } from "./view.ts";
import type { CustomerLanguageRepo } from "../language/repo.ts";

/** The customer's own change of a visit, under the manage link's terms. */
export type CustomerChange = { kind: "cancel" } | { kind: "move"; cleaningDate: string; cleaningTime: string };

export interface PortalVisitsDeps {
  repo: PortalVisitsRepo;
  /** The visit's records (stages, notes, photos, checklist) as the staff's booking details read them. */
  records: (bookingId: string) => Promise<VisitRecordsView>;
  /** A photo's or signature's record and bytes; null for none. */
  image: (id: string) => Promise<{ bookingId: string; contentType: string; bytes: Uint8Array<ArrayBuffer> } | null>;
  /** The one booking change path (the command executor), as this customer; a booking not theirs is not found. */
  change: (booking: { id: string; customer: CustomerKey }, command: CustomerChange) => Promise<void>;
  preferences: Pick<RemindersRepo, "preferences" | "setPreferences">;
  services: () => Promise<readonly Service[]>;
  /** The customer's record's language: a Spanish customer's visits name their service by its Spanish title. */
  languages: Pick<CustomerLanguageRepo, "localeOf">;
  settings: () => Promise<Settings>;
  requireCustomer: MiddlewareHandler<AppEnv>;
  clock: Clock;
  businessTz: string;
}

/**
 * The signed-in customer's visits, reports, photos and e-mail switches. Everything is read through their address:
 * another customer's visit or photo is not found (404), however its id was learnt.
 */
export function portalVisitsRoutes(deps: PortalVisitsDeps) {
  const { repo, requireCustomer, clock, businessTz } = deps;

  const emailOf = (c: Context<AppEnv>) => c.get("customer").email;
  const customerOf = (c: Context<AppEnv>): CustomerKey => c.get("customer");
  /** A service's name as the customer reads it: its Spanish title for a Spanish customer when it has one. */
  const titles = async (c: Context<AppEnv>) => {
    const id = customerOf(c).customerId;
    const [services, locale] = await Promise.all([deps.services(), id ? deps.languages.localeOf(id) : null]);
    return (serviceType: string) => {
      const service = services.find((s) => s._id === serviceType);
      return (
        (locale === "es" ? service?.titleEs : undefined) ?? service?.title ?? SERVICE_NAMES[serviceType] ?? serviceType
      );
    };
  };
  const own = async (c: Context<AppEnv>): Promise<CustomerBooking> => {
    const booking = await repo.getFor(customerOf(c), c.req.param("id") ?? "");
    if (!booking) throw new NotFound(PORTAL_MESSAGES.visitNotFound);
    return booking;
  };
  const visitOf = async (c: Context<AppEnv>, booking: CustomerBooking) =>
    toPortalVisit(booking, await titles(c), businessTz, clock.now());
  /** Changes the visit through the one path, then answers it as the customer sees it now. */
  const changed = async (c: Context<AppEnv>, command: CustomerChange) => {
    await deps.change({ id: c.req.param("id") ?? "", customer: customerOf(c) }, command);
    return c.json({ data: await visitOf(c, await own(c)) });
  };

  return new Hono<AppEnv>()
    .get("/visits", requireCustomer, async (c) => {
      const data: PortalVisits = toPortalVisits(
        await repo.listFor(customerOf(c)),
        await titles(c),
        businessTz,
        clock.now(),
      );
      return c.json({ data });
    })
    .get("/visits/:id", requireCustomer, async (c) => {
      const booking = await own(c);
      const [visit, records] = await Promise.all([visitOf(c, booking), deps.records(booking._id)]);
      return c.json({ data: toPortalVisitDetails(visit, records) });
    })
    .post("/visits/:id/cancel", requireCustomer, (c) => changed(c, { kind: "cancel" }))
    .put(
      "/visits/:id",
      requireCustomer,
      validateJsonBy(async () => rescheduleSchema(await deps.settings())),
      (c) => changed(c, { kind: "move", ...c.req.valid("json") }),
    )
    .get("/photos/:id", requireCustomer, async (c) => {
      const image = await deps.image(c.req.param("id"));
      const mine = image ? await repo.getFor(customerOf(c), image.bookingId) : null;
      if (!image || !mine) throw new NotFound(MESSAGES.photoNotFound);
      return c.body(image.bytes, 200, {
        "Content-Type": image.contentType,
        // Private: a shared cache must never hold a customer's house.
        "Cache-Control": "private, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      });
    })
    .get("/preferences", requireCustomer, async (c) => {
      return c.json({ data: await deps.preferences.preferences(emailOf(c)) });
    })
    .put("/preferences", requireCustomer, validateJson(PreferencesSchema), async (c) => {
      return c.json({ data: await deps.preferences.setPreferences(emailOf(c), c.req.valid("json")) });
    });
}
