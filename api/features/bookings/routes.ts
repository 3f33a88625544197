import { Hono, type MiddlewareHandler } from "hono";
import type { Booking } from "../../contracts/entities.ts";
import { MESSAGES } from "../../contracts/messages.ts";
import {
  BookingEditSchema,
  BookingInputSchema,
  BookingsQuerySchema,
  StatusUpdateSchema,
} from "../../contracts/schemas.ts";
import type { Tx } from "../../db/client.ts";
import type { IdempotencyStore } from "../../db/idempotency.ts";
import { Conflict, NotFound } from "../../errors.ts";
import type { Clock } from "../../http/clock.ts";
import type { AppEnv } from "../../http/env.ts";
import { bodyHash, idempotencyKey } from "../../http/idempotency.ts";
import { validateJson, validateQuery } from "../../http/validate.ts";
import { type BookingChange, changeKind, type MailOutbox } from "../../mail/outbox.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import type { AuditRepo } from "../audit/repo.ts";
import { type BookingsRepo, isBookingId } from "./repo.ts";
import { assertBookableDate, holdsSlot, pricedValues, reserveSlot } from "./rules.ts";

export interface BookingsDeps {
  repo: BookingsRepo;
  idempotency: IdempotencyStore;
  clock: Clock;
  realtime: RealtimeEmitter;
  audit: AuditRepo;
  requireAdmin: MiddlewareHandler<AppEnv>;
  slotCapacity: number;
  businessTz: string;
  mail: MailOutbox;
}

/** /api/bookings: anyone may book; reading and changing bookings is for admins, and every change is audited. */
export function bookingsRoutes(deps: BookingsDeps) {
  const { repo, idempotency, clock, realtime, audit, requireAdmin, slotCapacity: capacity, businessTz, mail } = deps;

  const found = (booking: Booking | null): Booking => {
    if (!booking) throw new NotFound(MESSAGES.bookingNotFound);
    return booking;
  };
  const checkVersion = (booking: Booking, version: number | undefined) => {
    if (version !== undefined && version !== booking.version) throw new Conflict(MESSAGES.staleVersion);
  };
  /** Writes the customer's e-mail about an admin's change, if it calls for one, in the change's transaction. */
  const tellCustomer = async (tx: Tx, current: Booking, updated: Booking): Promise<boolean> => {
    const kind = changeKind(current, updated);
    if (!kind) return false;
    let change: BookingChange;
    if (kind === "cancelled") change = { kind, booking: updated, by: "admin" };
    else {
      const manageToken = (await repo.manageToken(tx, updated._id))!;
      change =
        kind === "rescheduled"
          ? { kind, booking: updated, previous: current, manageToken, by: "admin" }
          : { kind, booking: updated, manageToken, by: "admin" };
    }
    await mail.bookingChanged(tx, change);
    return true;
  };

  // Hono tries routes in the order they are registered: "/deleted" must come before "/:id" takes it for an id.
  return new Hono<AppEnv>()
    .post("/", validateJson(BookingInputSchema), async (c) => {
      const input = c.req.valid("json");
      const request = { route: "POST /api/bookings", key: idempotencyKey(c), bodyHash: await bodyHash(input) };
      const outcome = await idempotency.run(request, async (tx) => {
        assertBookableDate(input.cleaningDate, businessTz, clock.now());
        await reserveSlot(repo, tx, { date: input.cleaningDate, time: input.cleaningTime, capacity });
        const { booking, manageToken } = await repo.insertWithToken(tx, pricedValues(input, "pending"));
        await mail.bookingChanged(tx, { kind: "created", booking, manageToken });
        return { status: 201, body: { data: booking } };
      });
      if (!outcome.replayed) {
        realtime.newBooking(outcome.body.data);
        mail.wake();
      }
      return c.json(outcome.body, outcome.status as 201);
    })
    .get("/", requireAdmin, validateQuery(BookingsQuerySchema), async (c) => {
      return c.json(await repo.list(c.req.valid("query").since));
    })
    .get("/deleted", requireAdmin, validateQuery(BookingsQuerySchema), async (c) => {
      return c.json(await repo.listDeleted(c.req.valid("query").since));
    })
    .get("/:id", requireAdmin, async (c) => c.json(found(await repo.get(c.req.param("id")))))
    .put("/:id", requireAdmin, validateJson(BookingEditSchema), async (c) => {
      const { status, version, ...fields } = c.req.valid("json");
      const { updated: booking, mailed } = await repo.transaction(async (tx) => {
        const current = found(await repo.getForUpdate(tx, c.req.param("id")));
        checkVersion(current, version);
        const nextStatus = status ?? current.status;
        const moved = fields.cleaningDate !== current.cleaningDate || fields.cleaningTime !== current.cleaningTime;
        // Admins may keep an old date as it is; only a new date or time must pass the customer's rules.
        if (moved) assertBookableDate(fields.cleaningDate, businessTz, clock.now());
        if (holdsSlot(nextStatus) && (moved || !holdsSlot(current.status))) {
          await reserveSlot(repo, tx, {
            date: fields.cleaningDate,
            time: fields.cleaningTime,
            capacity,
            excludeId: current._id,
          });
        }
        const updated = await repo.update(tx, current._id, pricedValues(fields, nextStatus));
        await audit.record(tx, {
          admin: c.get("admin"),
          entityType: "booking",
          entityId: current._id,
          action: "update",
          before: current,
          after: updated,
        });
        return { updated, mailed: await tellCustomer(tx, current, updated) };
      });
      realtime.bookingUpdated(booking);
      if (mailed) mail.wake();
      return c.json({ data: booking });
    })
    .put("/:id/status", requireAdmin, validateJson(StatusUpdateSchema), async (c) => {
      const { status, version } = c.req.valid("json");
      const { updated: booking, mailed } = await repo.transaction(async (tx) => {
        const current = found(await repo.getForUpdate(tx, c.req.param("id")));
        checkVersion(current, version);
        // Taking a cancelled booking back must still fit in its slot.
        if (holdsSlot(status) && !holdsSlot(current.status)) {
          await reserveSlot(repo, tx, {
            date: current.cleaningDate,
            time: current.cleaningTime,
            capacity,
            excludeId: current._id,
          });
        }
        const updated = await repo.update(tx, current._id, { ...current, status });
        await audit.record(tx, {
          admin: c.get("admin"),
          entityType: "booking",
          entityId: current._id,
          action: "status",
          before: current,
          after: updated,
        });
        return { updated, mailed: await tellCustomer(tx, current, updated) };
      });
      realtime.bookingUpdated(booking);
      if (mailed) mail.wake();
      return c.json({ data: booking });
    })
    .delete("/:id", requireAdmin, async (c) => {
      const deleted = await repo.transaction(async (tx) => {
        const removed = found(await repo.remove(tx, c.req.param("id")));
        // The audit entry keeps what the booking held: its history outlives it.
        const entry = { entityType: "booking", entityId: removed._id, action: "delete" } as const;
        await audit.record(tx, { ...entry, admin: c.get("admin"), before: removed, after: null });
        return removed;
      });
      realtime.bookingDeleted({ _id: deleted._id, updatedAt: deleted.updatedAt });
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
    });
}
