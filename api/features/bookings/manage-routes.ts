import { type Context, Hono } from "hono";
import type { Booking } from "../../contracts/entities.ts";
import { changeProblem } from "../../contracts/manage.ts";
import { MESSAGES } from "../../contracts/messages.ts";
import { RescheduleSchema } from "../../contracts/schemas.ts";
import type { Tx } from "../../db/client.ts";
import { NotFound, Unprocessable } from "../../errors.ts";
import type { Clock } from "../../http/clock.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson } from "../../http/validate.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import type { AuditRepo } from "../audit/repo.ts";
import { toManagedBooking } from "./manage-view.ts";
import { type BookingsRepo, isManageToken } from "./repo.ts";
import { assertBookableDate, reserveSlot } from "./rules.ts";

export interface ManageDeps {
  repo: BookingsRepo;
  clock: Clock;
  realtime: RealtimeEmitter;
  mail: MailOutbox;
  slotCapacity: number;
  businessTz: string;
  /** Where customer changes are audited, in the change's transaction. */
  audit: Pick<AuditRepo, "record">;
}

/** /api/manage/{token}: the customer's own booking, reached by the secret link of the confirmation e-mail. */
export function manageRoutes(deps: ManageDeps) {
  const { repo, clock, realtime, mail, audit, slotCapacity: capacity, businessTz } = deps;

  const view = (booking: Booking) => toManagedBooking(booking, businessTz, clock.now());

  /** The token of the path; a malformed one (e.g. a booking id) is refused before any transaction. */
  const tokenOf = (c: Context<AppEnv>): string => {
    const token = c.req.param("token") ?? "";
    if (!isManageToken(token)) throw new NotFound(MESSAGES.manageNotFound);
    return token;
  };

  /** The booking behind a well-formed token, locked until the transaction ends. */
  const locked = async (tx: Tx, token: string): Promise<Booking> => {
    const booking = await repo.getByManageTokenForUpdate(tx, token);
    if (!booking) throw new NotFound(MESSAGES.manageNotFound);
    return booking;
  };

  /** The terms: no change of a closed booking, none within 24 hours of the visit. */
  const assertChangeable = (booking: Booking) => {
    const problem = changeProblem(booking, businessTz, clock.now());
    if (problem === "closed") throw new Unprocessable(MESSAGES.manageClosed);
    if (problem === "too-late") throw new Unprocessable(MESSAGES.manageTooLate);
  };

  /** Runs a customer's change under the row lock, then tells the dashboards and the mail worker. */
  const change = async (token: string, work: (tx: Tx, current: Booking) => Promise<Booking>) => {
    const booking = await repo.transaction(async (tx) => {
      const current = await locked(tx, token);
      assertChangeable(current);
      return await work(tx, current);
    });
    realtime.bookingUpdated(booking);
    mail.wake();
    return booking;
  };

  // A customer has no admin account: the audit line names them by the booking's e-mail, without an admin id.
  const customer = (booking: Booking) => ({ _id: null, email: booking.email });

  return new Hono<AppEnv>()
    .get("/:token", async (c) => {
      // The repo only offers the locked read; the lock is held for this one short select.
      const token = tokenOf(c);
      const booking = await repo.transaction((tx) => locked(tx, token));
      return c.json(view(booking));
    })
    .post("/:token/cancel", async (c) => {
      const booking = await change(tokenOf(c), async (tx, current) => {
        const updated = await repo.update(tx, current._id, { ...current, status: "cancelled" });
        await audit.record(tx, {
          admin: customer(current),
          entityType: "booking",
          entityId: current._id,
          action: "status",
          before: current,
          after: updated,
        });
        await mail.bookingChanged(tx, { kind: "cancelled", booking: updated, by: "customer" });
        return updated;
      });
      return c.json({ data: view(booking) });
    })
    .put("/:token", validateJson(RescheduleSchema), async (c) => {
      const token = tokenOf(c);
      const { cleaningDate, cleaningTime } = c.req.valid("json");
      const booking = await change(token, async (tx, current) => {
        if (cleaningDate === current.cleaningDate && cleaningTime === current.cleaningTime) {
          throw new Unprocessable(MESSAGES.manageSameSlot);
        }
        assertBookableDate(cleaningDate, businessTz, clock.now());
        await reserveSlot(repo, tx, { date: cleaningDate, time: cleaningTime, capacity, excludeId: current._id });
        // Prices stay as booked; a confirmed visit goes back to pending because staff must confirm the new
        // time (decision 0015).
        const updated = await repo.update(tx, current._id, {
          ...current,
          cleaningDate,
          cleaningTime,
          status: "pending",
        });
        await audit.record(tx, {
          admin: customer(current),
          entityType: "booking",
          entityId: current._id,
          action: "update",
          before: current,
          after: updated,
        });
        await mail.bookingChanged(tx, {
          kind: "rescheduled",
          booking: updated,
          previous: current,
          manageToken: token,
          by: "customer",
        });
        return updated;
      });
      return c.json({ data: view(booking) });
    });
}
