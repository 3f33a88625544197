// A customer books through the public form during the day; one in ten later moves or cancels through the link of
// their confirmation e-mail, read from the SMTP peer as they would read it.
import type { Booking } from "../../../api/contracts/bookings/booking.ts";
import type { CustomerPlan } from "../plan.ts";
import { type Actor, bookingBody, customerEmail, newDevice, visitSlot, type World } from "../world.ts";

const MANAGE_LINK = /\/manage\/([A-Za-z0-9_-]{20,})/;

export function customers(world: World): Actor[] {
  return world.plan.customers.map((plan) => customer(world, plan));
}

function customer(world: World, plan: CustomerPlan): Actor {
  const label = `c${plan.index}`;
  const email = customerEmail(label);
  const device = newDevice(world, `customer ${plan.index}`);
  const { ledger } = world;
  return {
    name: `customer ${plan.index}`,
    async run() {
      await world.clock.until(plan.at);
      const visit = visitSlot(world.today, plan.dayOffset, plan.slot);
      const booked = await device.write<{ data: Booking }>({
        method: "POST",
        path: "/api/bookings",
        json: bookingBody(label, visit, plan.units),
      });
      if (booked.status !== 201) return ledger.refuse(`booking of ${email}`, booked.status, booked.body);
      const id = booked.body.data._id;
      ledger.bookings.set(email, id);
      if (!plan.change) return;

      await world.clock.until(plan.change.at);
      const token = await world.mailbox.find(email, MANAGE_LINK, `the manage link e-mailed to ${email}`);
      if (plan.change.kind === "cancel") {
        const answer = await device.write({ method: "POST", path: `/api/manage/${token}/cancel` });
        if (answer.status === 200 || (await isNow(world, token, (b) => b.status === "cancelled"))) {
          ledger.cancelled.add(id);
        } else ledger.refuse(`cancel of ${email}`, answer.status, answer.body);
        return;
      }
      const to = visitSlot(world.today, plan.change.dayOffset, plan.change.slot);
      const answer = await device.write({
        method: "PUT",
        path: `/api/manage/${token}`,
        json: { cleaningDate: to.date, cleaningTime: to.time },
      });
      const there = (b: ManagedView) => b.cleaningDate === to.date && b.cleaningTime === to.time;
      if (answer.status === 200 || (await isNow(world, token, there))) ledger.moved.set(id, to);
      else ledger.refuse(`move of ${email}`, answer.status, answer.body);
    },
  };
}

type ManagedView = Pick<Booking, "status" | "cleaningDate" | "cleaningTime">;

/**
 * The link's change carries no key of its own on the server: a retry of one that was made before its answer was
 * lost is refused (already cancelled, same slot). The customer then reloads the page and sees it done.
 */
async function isNow(world: World, token: string, holds: (booking: ManagedView) => boolean): Promise<boolean> {
  const page = await world.http.read<ManagedView>({ method: "GET", path: `/api/manage/${token}` });
  return page.status === 200 && holds(page.body);
}
