import type { Sql } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import type { Logger } from "../../platform/log.ts";
import { toE164 } from "../../platform/phones.ts";

/** Rows linked per pass: one transaction each, short enough not to hold many row locks for long. */
export const LINK_BATCH = 500;
/** How often the worker looks for unlinked bookings: well within the minute the business was promised. */
export const LINK_EVERY_MS = 20_000;

interface Unlinked {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  contact_number: string;
  home_address: string;
  city: string;
  state: string;
  zip: string;
  furnace_or_unit: string;
  unit_count: number;
}

/**
 * One pass: links up to `batch` bookings that reached the table without a customer (an import, a restore, an older
 * instance during a rolling upgrade) through the same link_booking_customer as a new booking. Several workers may
 * run it at once: each claims its rows with SKIP LOCKED, and links them in e-mail order, so two passes that meet on
 * one new customer wait for each other rather than deadlock. Answers how many it linked.
 */
export async function linkUnlinkedBookings(sql: Sql, batch = LINK_BATCH): Promise<number> {
  return await transaction(sql, async (tx) => {
    const rows = await tx<Unlinked[]>`
      select id, email, first_name, last_name, contact_number, home_address, city, state, zip, furnace_or_unit,
        unit_count
      from bookings where customer_id is null
      order by created_at, id limit ${batch}
      for update skip locked`;
    const ordered = [...rows].sort((a, b) =>
      a.email.toLowerCase() < b.email.toLowerCase() ? -1 : a.email.toLowerCase() > b.email.toLowerCase() ? 1 : 0,
    );
    // Sent together on the transaction's connection (one round trip), run by Postgres one after the other.
    await Promise.all(
      ordered.map(
        (r) =>
          tx`
          update bookings b set customer_id = l.customer_id, property_id = l.property_id,
            updated_at = date_trunc('milliseconds', now())
          from link_booking_customer(${r.email}, ${`${r.first_name} ${r.last_name}`}, ${toE164(r.contact_number)},
            ${r.home_address}, ${r.city}, ${r.state}, ${r.zip}, ${r.furnace_or_unit}, ${r.unit_count}::int) l
          where b.id = ${r.id}`,
      ),
    );
    return rows.length;
  });
}

/** Links in passes every LINK_EVERY_MS, at once again after a full batch; `stop` waits for the pass under way. */
export function startCustomerLinker(options: { sql: Sql; log: Logger; everyMs?: number }) {
  const { sql, log } = options;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      let linked: number;
      do {
        linked = await linkUnlinkedBookings(sql);
        if (linked > 0) log.info({ msg: "bookings linked to customers", linked });
      } while (linked === LINK_BATCH && !stopped);
    } catch (error) {
      log.error({ msg: "linking bookings to customers failed", error: String(error) });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = null;
        schedule();
      });
    }, options.everyMs ?? LINK_EVERY_MS);
  };
  running = pass().finally(() => {
    running = null;
    schedule();
  });
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
