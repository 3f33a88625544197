// The office: two admins, each with a live dashboard. At the start of the day each hands out its technicians' jobs;
// through the day each confirms the new bookings its dashboard shows (its half of them), and gives some to a
// technician and then to another (a reassignment).
import type { Booking } from "../../../api/contracts/bookings/booking.ts";
import type { Dashboard } from "../../cluster/dashboard.ts";
import type { Device } from "../device.ts";
import { Random } from "../random.ts";
import { type Actor, newDevice, type StaffMember, type World } from "../world.ts";

/** How often an admin looks at the dashboard, in simulated minutes. */
const LOOK_EVERY = 5;
const CUSTOMER = /^sim-c(\d+)@/;

export function admins(world: World): Actor[] {
  return world.admins.map((me, index) => admin(world, me, index, world.dashboards[index]!));
}

function admin(world: World, me: StaffMember, index: number, dashboard: Dashboard): Actor {
  const device = newDevice(world, `admin ${index}`);
  const { ledger, plan, clock } = world;
  const random = new Random(plan.options.seed).fork(`admin ${index}`);
  const mine = <T extends { index: number }>(items: T[]) =>
    items.filter((item) => item.index % world.admins.length === index);
  const handled = new Set<string>();
  const writes: Promise<void>[] = [];

  /** `mayClash`: a booking of the day's customers, which may fall in a slot its technician already works. */
  const assign = async (bookingId: string, technician: StaffMember | null, what: string, mayClash = false) => {
    const answer = await write(device, me, "PUT", `/api/bookings/${bookingId}/assignment`, {
      technicianId: technician?.id ?? null,
    });
    if (answer.status === 200) ledger.assigned.set(bookingId, technician?.id ?? null);
    // A technician holds one job per slot: the office is told 409 and leaves it; nothing was acknowledged.
    else if (!(mayClash && answer.status === 409)) ledger.refuse(`${me.name}: ${what}`, answer.status, answer.body);
  };

  /** A new booking of one of this admin's customers: confirmed, and one in five given out and then given again. */
  const handle = async (booking: Booking, customer: number) => {
    const planned = plan.customers[customer];
    // The customer will move or cancel it through their link: the office leaves it for then.
    if (!planned || planned.change) return;
    const confirmed = await write(device, me, "PUT", `/api/bookings/${booking._id}/status`, { status: "confirmed" });
    if (confirmed.status === 200) ledger.confirmed.add(booking._id);
    else ledger.refuse(`${me.name}: confirm ${booking._id}`, confirmed.status, confirmed.body);
    if (!random.chance(0.2)) return;
    const [first, second] = [random.pick(world.technicians), random.pick(world.technicians)];
    await assign(booking._id, first!, `assign ${booking._id}`, true);
    await assign(booking._id, second!, `reassign ${booking._id}`, true);
  };

  return {
    name: `admin ${index}`,
    async run() {
      // The day's jobs, handed out in the first minutes.
      for (const technician of mine(plan.technicians)) {
        const member = world.technicians[technician.index]!;
        for (const id of world.jobsOf.get(technician.index)!) {
          await assign(id, member, `hand out ${id}`);
        }
      }
      for (let minute = 0; minute <= plan.minutes + LOOK_EVERY; minute += LOOK_EVERY) {
        await clock.until(minute);
        for (const booking of dashboard.bookings.values()) {
          const customer = CUSTOMER.exec(booking.email)?.[1];
          if (customer === undefined || handled.has(booking._id) || Number(customer) % world.admins.length !== index) {
            continue;
          }
          handled.add(booking._id);
          writes.push(handle(booking, Number(customer)));
        }
      }
      await Promise.all(writes);
    },
  };
}

function write(device: Device, me: StaffMember, method: "PUT", path: string, json: unknown) {
  return device.write({ method, path, json, token: me.token });
}
