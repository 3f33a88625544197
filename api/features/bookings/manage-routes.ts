import { publicRoute } from "../../http/roles.ts";
import { type Context, Hono } from "hono";
import type { Booking } from "../../contracts/bookings/booking.ts";
import { rescheduleSchema } from "../../contracts/bookings/schemas.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import type { Settings } from "../../contracts/settings/settings.ts";
import { NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJsonBy } from "../../http/validate.ts";
import type { Clock } from "../../platform/clock.ts";
import type { BookingCommand } from "./command/commands.ts";
import type { BookingExecutor } from "./command/executor.ts";
import { toManagedBooking } from "./manage-view.ts";
import { type BookingsRepo, isManageToken } from "./repo.ts";

export interface ManageDeps {
  bookings: BookingExecutor;
  repo: Pick<BookingsRepo, "getByManageToken">;
  settings: () => Promise<Settings>;
  clock: Clock;
  businessTz: string;
}

/**
 * /api/manage/{token}: the customer's own booking, reached by the secret link of the confirmation e-mail (public: the
 * token is the customer's key). A change goes the one command path under the terms of the link.
 */
export function manageRoutes(deps: ManageDeps) {
  const { bookings, repo, clock, businessTz } = deps;

  const view = (booking: Booking) => toManagedBooking(booking, businessTz, clock.now());

  /** The token of the path; a malformed one (e.g. a booking id) is refused before any transaction. */
  const tokenOf = (c: Context<AppEnv>): string => {
    const token = c.req.param("token") ?? "";
    if (!isManageToken(token)) throw new NotFound(MESSAGES.manageNotFound);
    return token;
  };

  /** The customer acts as the holder of the link: the executor knows them by the booking it opens. */
  const change = async (token: string, command: Exclude<BookingCommand, { kind: "delete" }>) =>
    view((await bookings.change({ manageToken: token }, command)).body.data);

  return new Hono<AppEnv>()
    .get("/:token", publicRoute, async (c) => {
      // A read takes no lock: a customer's page load must never wait on (or hold up) a change of the booking.
      const booking = await repo.getByManageToken(tokenOf(c));
      if (!booking) throw new NotFound(MESSAGES.manageNotFound);
      return c.json(view(booking));
    })
    .post("/:token/cancel", publicRoute, async (c) => {
      return c.json({ data: await change(tokenOf(c), { kind: "cancel" }) });
    })
    .put(
      "/:token",
      publicRoute,
      validateJsonBy(async () => rescheduleSchema(await deps.settings())),
      async (c) => {
        const { cleaningDate, cleaningTime } = c.req.valid("json");
        return c.json({ data: await change(tokenOf(c), { kind: "move", cleaningDate, cleaningTime }) });
      },
    );
}
