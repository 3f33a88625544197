import { Hono, type MiddlewareHandler } from "hono";
import { adminActor } from "../../contracts/common/actor.ts";
import type { SessionUser } from "../../contracts/staff/staff.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { Service } from "../../contracts/services/service.ts";
import type { JobDetails } from "../../contracts/visit/job.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import {
  AssignmentSchema,
  bookingEditSchema,
  bookingInputSchema,
  BookingsQuerySchema,
  StatusUpdateSchema,
} from "../../contracts/bookings/schemas.ts";
import type { Tx } from "../../db/client.ts";
import type { IdempotencyStore } from "../../db/idempotency.ts";
import { NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { bodyHash, idempotencyKey } from "../../http/idempotency.ts";
import { validateJson, validateJsonBy, validateQuery } from "../../http/validate.ts";
import type { AuditRepo } from "../../db/audit.ts";
import { draftBooking, isBookingId } from "./repo.ts";
import { photosOf, photoUrl, type VisitsRepo } from "./visit/repo.ts";
import { type ChangeDeps, changeBooking, deleteBooking } from "./changes.ts";
import {
  assertBookable,
  assertBookableService,
  assertRoomInSlot,
  assertServedZip,
  customerFields,
  pricedValues,
} from "./rules.ts";

/** What the one change path needs, the idempotency store of new bookings, the history and the admin check. */
export interface BookingsDeps extends ChangeDeps {
  /** The technician's visit records a staff read of one booking carries. */
  visits: VisitsRepo;
  idempotency: IdempotencyStore;
  audit: AuditRepo;
  requireAdmin: MiddlewareHandler<AppEnv>;
  /** Any signed-in staff member: the reads a technician may make, of their own jobs. */
  requireStaff: MiddlewareHandler<AppEnv>;
  /**
   * The services as listed now (cached per instance, dropped on every instance when one changes): a new booking is
   * priced from them, as it is from the settings' discount tiers (decision 0045).
   */
  services: () => Promise<readonly Service[]>;
}

/**
 * /api/bookings: anyone may book; reading and changing bookings is for admins, and every change is audited. A
 * technician reads only the jobs assigned to them: another one's is not found.
 */
export function bookingsRoutes(deps: BookingsDeps) {
  const { repo, idempotency, clock, realtime, audit, requireAdmin, requireStaff, settings, businessTz, mail } = deps;
  const { services } = deps;

  const found = (booking: Booking | null): Booking => {
    if (!booking) throw new NotFound(MESSAGES.bookingNotFound);
    return booking;
  };
  /** The technician's own id when a technician asks (their jobs only), else undefined (everything). */
  const onlyJobsOf = (user: SessionUser) => (user.role === "technician" ? user._id : undefined);
  const locked = (id: string) => async (tx: Tx) => found(await repo.getForUpdate(tx, id));
  // Built once per settings object (the cache hands out the same one until they change), not per booking: the slot
  // picklist and the states' set cost more to build than the rest of the validation.
  const inputSchemas = new WeakMap<object, ReturnType<typeof bookingInputSchema>>();
  const inputSchema = async () => {
    const rules = await settings();
    let schema = inputSchemas.get(rules);
    if (!schema) inputSchemas.set(rules, (schema = bookingInputSchema(rules)));
    return schema;
  };

  // Hono tries routes in the order they are registered: "/deleted" must come before "/:id" takes it for an id.
  return (
    new Hono<AppEnv>()
      // The slot labels a booking may name follow the settings' hours, so the schema is the current settings' one.
      .post("/", validateJsonBy(inputSchema), async (c) => {
        const input = c.req.valid("json");
        // Priced from the services as listed now, as from the settings' tiers: no statement of its own (decision 0045).
        const [rules, listed] = await Promise.all([settings(), services()]);
        const found = listed.find((service) => service._id === input.serviceType) ?? null;
        const key = idempotencyKey(c);
        // Without a key nothing is kept to compare a retry with: no fingerprint to compute (issue 20).
        const request = { route: "POST /api/bookings", key, bodyHash: key === null ? "" : bodyHash(input) };
        const refuseUnbookable = () => {
          assertBookable(input.cleaningDate, input.cleaningTime, rules, businessTz, clock.now());
          assertServedZip(input.zip, rules, rules.profile.phone);
        };
        // Without a key there is nothing to replay: a date or ZIP we do not serve is refused before any round trip.
        // With one, a retry of a booking already made gets its answer back, even once its date is too close.
        if (key === null) refuseUnbookable();
        const outcome = await idempotency.run(
          request,
          async (tx, taken) => {
            if (key !== null) refuseUnbookable();
            assertRoomInSlot(taken, rules.slotCapacity);
            const service = assertBookableService(found);
            const values = pricedValues(input, "pending", service.price, rules.discountTiers);
            const draft = draftBooking(values, clock.now());
            const { booking: drafted, manageToken } = draft;
            mail.knownContext(tx, drafted.serviceType, { serviceTitle: service.title, settingsProfile: rules.profile });
            // The insert and the outbox's writes go out together, one round trip (issue 20): the e-mails are rendered
            // from the draft, which names the id and manage token the insert stores.
            const [booking] = await Promise.all([
              repo.insertDraft(tx, draft),
              mail.bookingCreated(tx, { booking: drafted, manageToken }),
              mail.notifyStaff(tx, null, drafted, service.title),
            ]);
            return { status: 201, body: { data: booking } };
          },
          // The slot's lock and its count, sent with BEGIN (and a key's lookup): one round trip (issue 20). Judged by
          // the work above, which a repeat of an answered key does not run.
          (tx: Tx) => repo.lockSlotAndCount(tx, input.cleaningDate, input.cleaningTime),
        );
        if (!outcome.replayed) {
          realtime.newBooking(outcome.body.data);
          mail.wake();
        }
        return c.json(outcome.body, outcome.status as 201);
      })
      .get("/", requireStaff, validateQuery(BookingsQuerySchema), async (c) => {
        return c.json(await repo.list(c.req.valid("query").since, onlyJobsOf(c.get("user"))));
      })
      .get("/deleted", requireAdmin, validateQuery(BookingsQuerySchema), async (c) => {
        return c.json(await repo.listDeleted(c.req.valid("query").since));
      })
      .get("/:id", requireStaff, async (c) => {
        const booking = found(await repo.get(c.req.param("id")));
        const technician = onlyJobsOf(c.get("user"));
        if (technician && booking.technicianId !== technician) throw new NotFound(MESSAGES.bookingNotFound);
        const { visit, notes, images, checklist } = await deps.visits.records(booking._id);
        const signature = images.find((i) => i.kind === "signature");
        const details: JobDetails = {
          ...booking,
          visit,
          notes,
          photos: photosOf(images),
          signature: signature ? { url: photoUrl(signature._id) } : null,
          checklist,
        };
        return c.json(details);
      })
      .put(
        "/:id",
        requireAdmin,
        validateJsonBy(async () => bookingEditSchema(await settings())),
        async (c) => {
          const { status, version, ...fields } = c.req.valid("json");
          const booking = await changeBooking(deps, {
            actor: adminActor(c.get("user")),
            load: locked(c.req.param("id")),
            version,
            // The booking keeps its prices; changeBooking prices it anew only for another service or unit count.
            next: (current) => ({
              ...customerFields(fields),
              originalPrice: current.originalPrice,
              discountAmount: current.discountAmount,
              estimatedPrice: current.estimatedPrice,
              status: status ?? current.status,
            }),
            action: "update",
          });
          return c.json({ data: booking });
        },
      )
      .put("/:id/status", requireAdmin, validateJson(StatusUpdateSchema), async (c) => {
        const { status, version } = c.req.valid("json");
        const booking = await changeBooking(deps, {
          actor: adminActor(c.get("user")),
          load: locked(c.req.param("id")),
          version,
          next: (current) => ({ ...current, status }),
          action: "status",
        });
        return c.json({ data: booking });
      })
      // Assigns the job to a technician (null: unassigned), through the one change path: locked, versioned,
      // checked against the technician's other jobs in that slot, audited, told live.
      .put("/:id/assignment", requireAdmin, validateJson(AssignmentSchema), async (c) => {
        const { technicianId, version } = c.req.valid("json");
        const booking = await changeBooking(deps, {
          actor: adminActor(c.get("user")),
          load: locked(c.req.param("id")),
          version,
          next: (current) => ({ ...current, technicianId }),
          action: "assign",
        });
        return c.json({ data: booking });
      })
      .delete("/:id", requireAdmin, async (c) => {
        const deleted = await deleteBooking(deps, {
          actor: adminActor(c.get("user")),
          remove: async (tx) => found(await repo.remove(tx, c.req.param("id"))),
        });
        return c.json({ data: { _id: deleted._id } });
      })
      .get("/:id/history", requireAdmin, async (c) => {
        const id = c.req.param("id");
        if (!isBookingId(id)) throw new NotFound(MESSAGES.bookingNotFound);
        const entries = await audit.history("booking", id);
        // An id with neither a booking nor a past is unknown; a deleted booking still has its history.
        if (entries.length === 0 && !(await repo.get(id))) throw new NotFound(MESSAGES.bookingNotFound);
        return c.json(entries);
      })
      .get("/:id/mail", requireAdmin, async (c) => {
        const id = c.req.param("id");
        if (!isBookingId(id)) throw new NotFound(MESSAGES.bookingNotFound);
        const records = await mail.forBooking(id);
        // As with history: the e-mails about a deleted booking stay readable.
        if (records.length === 0 && !(await repo.get(id))) throw new NotFound(MESSAGES.bookingNotFound);
        return c.json(records);
      })
  );
}
