import { type Context, Hono } from "hono";
import { customerActor } from "../../contracts/common/actor.ts";
import type { AuditAction } from "../../contracts/audit/audit.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import { changeProblem } from "../../contracts/bookings/manage.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { rescheduleSchema } from "../../contracts/bookings/schemas.ts";
import type { Tx } from "../../db/client.ts";
import { NotFound, Unprocessable } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJsonBy } from "../../http/validate.ts";
import { toManagedBooking } from "./manage-view.ts";
import { type ChangeDeps, changeBooking } from "./changes.ts";
import { type BookingValues, isManageToken } from "./repo.ts";

/** A customer's change goes the one change path, so it needs what every change needs and no more. */
export type ManageDeps = ChangeDeps;

/** /api/manage/{token}: the customer's own booking, reached by the secret link of the confirmation e-mail. */
export function manageRoutes(deps: ManageDeps) {
  const { repo, clock, businessTz } = deps;

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

  /** A customer's change through their link: only while the terms allow one, then the one change path. */
  const change = (token: string, action: AuditAction, next: (current: Booking) => BookingValues) =>
    changeBooking(deps, {
      actor: customerActor,
      load: async (tx) => {
        const current = await locked(tx, token);
        assertChangeable(current);
        return current;
      },
      next,
      action,
      manageToken: token,
    });

  return new Hono<AppEnv>()
    .get("/:token", async (c) => {
      // A read takes no lock: a customer's page load must never wait on (or hold up) a change of the booking.
      const booking = await repo.getByManageToken(tokenOf(c));
      if (!booking) throw new NotFound(MESSAGES.manageNotFound);
      return c.json(view(booking));
    })
    .post("/:token/cancel", async (c) => {
      const booking = await change(tokenOf(c), "status", (current) => ({ ...current, status: "cancelled" }));
      return c.json({ data: view(booking) });
    })
    .put(
      "/:token",
      validateJsonBy(async () => rescheduleSchema(await deps.settings())),
      async (c) => {
        const token = tokenOf(c);
        const { cleaningDate, cleaningTime } = c.req.valid("json");
        const booking = await change(token, "update", (current) => {
          if (cleaningDate === current.cleaningDate && cleaningTime === current.cleaningTime) {
            throw new Unprocessable(MESSAGES.manageSameSlot);
          }
          // Prices stay as booked; a confirmed visit goes back to pending because staff must confirm the new
          // time (decision 0015).
          return { ...current, cleaningDate, cleaningTime, status: "pending" };
        });
        return c.json({ data: view(booking) });
      },
    );
}
