// What every actor of the day shares: the plan, the clock, the balancer's address, the SMTP peer, the staff, and the
// ledger of what was acknowledged.
import { addDays, isSaturday, slotsOnDate } from "../../api/contracts/schedule/dates.ts";
import type { Dashboard } from "../cluster/dashboard.ts";
import type { DayClock } from "./clock.ts";
import { Device, type Http } from "./device.ts";
import type { Ledger } from "./ledger.ts";
import type { Mailbox } from "./mailbox.ts";
import type { DayPlan } from "./plan.ts";

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  token: string;
}

export interface World {
  plan: DayPlan;
  clock: DayClock;
  http: Http;
  ledger: Ledger;
  mailbox: Mailbox;
  /** The business's today, in its time zone. */
  today: string;
  admins: StaffMember[];
  technicians: StaffMember[];
  /** The bookings each technician works today, by technician index, in the order of the plan's jobs. */
  jobsOf: Map<number, string[]>;
  /** One live dashboard per admin. */
  dashboards: Dashboard[];
  devices: Device[];
  log: (...parts: unknown[]) => void;
}

/** One participant of the day: a client of the public API that does its part of the plan. */
export interface Actor {
  name: string;
  run(): Promise<void>;
}

export function newDevice(world: World, name: string): Device {
  const device = new Device(name, world.http);
  world.devices.push(device);
  return device;
}

const open = (date: string) => !isSaturday(date) && slotsOnDate(date).length > 0;

/** A bookable visit `days` after today (or the next open day): the date and one of its slots. */
export function visitSlot(today: string, days: number, slot: number): { date: string; time: string } {
  let date = addDays(today, days);
  while (!open(date)) date = addDays(date, 1);
  const slots = slotsOnDate(date);
  return { date, time: slots[slot % slots.length]! };
}

/** The `n`-th open day from `days` after today on (0: the first): a technician's jobs each on a day of their own. */
export function nthOpenDay(today: string, days: number, n: number, slot: number): { date: string; time: string } {
  let date = addDays(today, days - 1);
  for (let found = -1; found < n;) {
    date = addDays(date, 1);
    if (open(date)) found += 1;
  }
  const slots = slotsOnDate(date);
  return { date, time: slots[slot % slots.length]! };
}

export const customerEmail = (label: string) => `sim-${label}@customers.example`;

/** A booking as the public form sends it. */
export function bookingBody(label: string, visit: { date: string; time: string }, units: number) {
  return {
    firstName: "Day",
    lastName: `Customer ${label}`,
    email: customerEmail(label),
    contactNumber: "(704) 555-0199",
    homeAddress: `${100 + label.length} East Blvd`,
    city: "Charlotte",
    state: "NC",
    zip: "28203",
    furnaceOrUnit: "Furnace",
    serviceType: "air-duct-cleaning",
    unitCount: units,
    cleaningDate: visit.date,
    cleaningTime: visit.time,
    comment: "",
    estimatedPrice: 1,
    originalPrice: 1,
    discountAmount: 0,
    timeZone: "America/New_York",
  };
}
