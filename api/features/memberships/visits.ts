import { randomBytes } from "node:crypto";
import type { Booking } from "../../contracts/bookings/booking.ts";
import { managePath } from "../../contracts/bookings/manage.ts";
import { dueDates, type PlanVisit } from "../../contracts/plans/plan.ts";
import { firstOpenDay, slotsOnDate, TIME_SLOTS, todayIn } from "../../contracts/schedule/dates.ts";
import type { Service } from "../../contracts/services/service.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { Settings } from "../../contracts/settings/settings.ts";
import type { Sql, Tx } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import type { Logger } from "../../platform/log.ts";
import { billEndedPeriods, type BillingDeps } from "./billing.ts";
import { memberLocale, membershipOrder } from "./mail.ts";

/** How often the worker looks for visits to plan: a visit is planned weeks ahead, so a pass an hour is plenty. */
export const PLAN_VISITS_EVERY_MS = 60 * 60 * 1000;

export interface VisitPlannerDeps extends BillingDeps {
  now: () => Date;
  businessTz: string;
  /** Days before its due date that a visit becomes a booking to schedule. */
  leadDays: number;
  settings: () => Promise<Settings>;
  services: () => Promise<readonly Service[]>;
  /**
   * Tells the office's screens of a visit just planned, once its transaction has committed: the newBooking a booking
   * made through the command is announced with. A screen that misses it reads the booking at its next load.
   */
  announce?: (bookingId: string) => Promise<void>;
}

interface MemberRow {
  id: string;
  start_date: string;
  plan_name: string;
  visits: PlanVisit[];
  customer_id: string;
  property_id: string;
  name: string;
  email: string | null;
  /** The customer's language, for the visit's e-mail. */
  locale: string;
  phone: string | null;
  street: string;
  city: string;
  state: string;
  zip: string;
  furnace_or_unit: string;
}

/** Days are ISO dates: adding days through UTC noon never crosses a date line. */
const plusDays = (day: string, days: number) =>
  new Date(new Date(`${day}T12:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * One pass: every visit of a membership that counts, due from today to `leadDays` ahead, becomes a booking "to
 * schedule" (pending, unassigned, on the first slot of its due date or of the next open day, labelled with the plan's
 * name), and the customer is e-mailed "Time for your {service} — pick a time" with the booking's link. The
 * (membership, service, due date) row
 * is written first in the booking's own transaction: a second worker waits on its key and then finds it, and a crash
 * before the commit leaves neither. Answers how many visits it planned.
 */
export async function planVisits(deps: VisitPlannerDeps): Promise<number> {
  const { sql } = deps;
  const today = todayIn(deps.businessTz, deps.now());
  const until = plusDays(today, deps.leadDays);
  const members = await sql<MemberRow[]>`
    select m.id, to_char(m.start_date, 'YYYY-MM-DD') as start_date, p.name as plan_name, p.visits,
      m.customer_id, m.property_id, c.name, c.locale,
      (select e.email from customer_emails e where e.customer_id = c.id order by e.position limit 1) as email,
      (select ph.number from customer_phones ph where ph.customer_id = c.id order by ph.position limit 1) as phone,
      pr.street, pr.city, pr.state, pr.zip, pr.furnace_or_unit
    from memberships m join plans p on p.id = m.plan_id join customers c on c.id = m.customer_id
      join properties pr on pr.id = m.property_id
    where m.status in ('active', 'past_due', 'cancelling') and m.start_date <= ${until}`;
  if (members.length === 0) return 0;
  const [settings, services, profile] = await Promise.all([deps.settings(), deps.services(), deps.profile()]);
  let planned = 0;
  for (const m of members) {
    for (const visit of m.visits) {
      for (const due of dueDates(m.start_date, visit.everyMonths, until).filter((d) => d >= today)) {
        const made = await transaction(sql, (tx) => planOne(tx, deps, { m, visit, due, settings, services, profile }));
        if (made === null) continue;
        planned++;
        await deps.announce?.(made).catch(() => undefined);
      }
    }
  }
  if (planned > 0) deps.outbox.wake();
  return planned;
}

async function planOne(
  tx: Tx,
  deps: VisitPlannerDeps,
  args: {
    m: MemberRow;
    visit: PlanVisit;
    due: string;
    settings: Settings;
    services: readonly Service[];
    profile: BusinessProfile;
  },
): Promise<string | null> {
  const { m, visit, due } = args;
  const claimed = await tx`
    insert into membership_visits (membership_id, service_type, due_date)
    values (${m.id}, ${visit.serviceType}, ${due}) on conflict do nothing returning due_date`;
  if (claimed.length === 0) return null;
  const [first = "", ...rest] = m.name.trim().split(/\s+/);
  // A visit due on a day the business is closed (a closed weekday, a holiday, a join on a Saturday) waits on the
  // next open day: the customer picks the time from there.
  const day = firstOpenDay(due, args.settings);
  const time = slotsOnDate(day, args.settings)[0] ?? TIME_SLOTS[0]!;
  const manageToken = randomBytes(32).toString("hex");
  // Included in the plan: nothing to pay for the visit itself.
  const [booking] = await tx<{ id: string }[]>`
    insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
      furnace_or_unit, service_type, unit_count, cleaning_date, cleaning_time, comment, original_price,
      discount_amount, estimated_price, status, time_zone, manage_token, customer_id, property_id, plan_name)
    values (${first}, ${rest.join(" ") || "-"}, ${m.email ?? ""}, ${m.phone ?? ""}, ${m.street}, ${m.city},
      ${m.state}, ${m.zip}, ${m.furnace_or_unit}, ${visit.serviceType}, ${visit.units}, ${day}, ${time},
      ${`${m.plan_name}: visit due ${due}, time to be picked`}, 0, 0, 0, 'pending', ${deps.businessTz},
      ${manageToken}, ${m.customer_id}, ${m.property_id}, ${m.plan_name})
    returning id`;
  await tx`
    update membership_visits set booking_id = ${booking!.id}
    where membership_id = ${m.id} and service_type = ${visit.serviceType} and due_date = ${due}`;
  const service = args.services.find((s) => s._id === visit.serviceType);
  // The customer's e-mail: the service's Spanish title for a Spanish customer, when the office wrote one.
  const spanish = memberLocale(m.locale) === "es" ? service?.titleEs : undefined;
  const serviceTitle = spanish ?? service?.title ?? visit.serviceType;
  const member = { name: m.name, email: m.email, locale: m.locale, planName: m.plan_name };
  const url = `${deps.publicUrl}${managePath(manageToken)}`;
  const dueVisit = { serviceTitle, dueDate: due, bookingId: booking!.id };
  await deps.outbox.write(tx, membershipOrder(member, { template: "visit-due", url, visit: dueVisit }, args.profile));
  return booking!.id;
}

/** An `announce` that reads the planned booking as the office sees it and hands it to `newBooking`. */
export function announceWith(
  get: (id: string) => Promise<Booking | null>,
  newBooking: (booking: Booking) => void,
): (bookingId: string) => Promise<void> {
  return async (bookingId) => {
    const booking = await get(bookingId);
    if (booking) newBooking(booking);
  };
}

/** Ends the memberships cancelled at the end of a period that is over (those without a subscription to end them). */
export async function endCancelled(sql: Sql, now: Date): Promise<number> {
  const rows = await sql`
    with ended as (
      update memberships set status = 'ended', updated_at = date_trunc('milliseconds', now())
      where status = 'cancelling' and stripe_subscription_id is null and current_period_end <= ${now}
      returning id)
    insert into membership_history (membership_id, at, status, note)
    select id, ${now}, 'ended', 'Period over' from ended returning membership_id`;
  return rows.length;
}

/**
 * Plans in passes every PLAN_VISITS_EVERY_MS (and once at start), after ending the memberships whose cancelled period
 * is over and billing the next period of those billed by invoice; `stop` waits for the pass under way.
 */
export function startVisitPlanner(deps: VisitPlannerDeps & { log: Logger; everyMs?: number }) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      await endCancelled(deps.sql, deps.now());
      const billed = await billEndedPeriods(deps, deps.now());
      if (billed > 0) deps.log.info({ msg: "plan periods billed", billed });
      const planned = await planVisits(deps);
      if (planned > 0) deps.log.info({ msg: "plan visits planned", planned });
    } catch (error) {
      deps.log.error({ msg: "planning visits failed", error: String(error) });
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = null;
        schedule(deps.everyMs ?? PLAN_VISITS_EVERY_MS);
      });
    }, ms);
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
