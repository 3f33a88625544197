import type { Sql } from "../../db/client.ts";
import { onceUnlessFailed } from "../../platform/once.ts";
import type { DropCheck, DueMessage } from "../channel.ts";
import { isReminder, reminderDropReason, reminderSwitches } from "../reminders/policy.ts";
import { ratingDropReason } from "./rating-policy.ts";

/**
 * The mail channel's send-time policy for one batch of the worker. The reminder switches of Settings are read once
 * per batch, when its first reminder asks, rather than once per reminder; a change shows from the next batch on.
 */
export function dropCheck(sql: Sql): DropCheck {
  const switches = onceUnlessFailed(reminderSwitches(sql));
  return (row, _now) => (isReminder(row.kind) ? reminderDropReason(sql, row, switches) : mailDropReason(sql, row));
}

async function mailDropReason(sql: Sql, row: DueMessage): Promise<string | null> {
  if (row.kind === "rating-request") return await ratingDropReason(sql, row);
  if (row.kind === "technician-on-the-way" && row.booking_id) {
    // Sent late from a device that was offline: once the technician has arrived, the e-mail would be news of the past.
    const [booking] = await sql<{ visit_stage: string }[]>`
      select visit_stage from bookings where id = ${row.booking_id}`;
    if (booking && (booking.visit_stage === "on_site" || booking.visit_stage === "completed")) {
      return "The technician had already arrived";
    }
  }
  return null;
}
