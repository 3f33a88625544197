import type { Booking } from "@contracts/bookings/booking.ts";
import { VISIT_STAGE_LABELS } from "@contracts/visit/visit.ts";
import { formatVisitTime } from "../../components/visit/visitTime.ts";

/** "On my way — 9:42 AM": where the technician's visit stands, as the office reads it on a booking. */
export function visitLine(b: Pick<Booking, "visitStage" | "visitStageAt">, timeZone: string): string {
  const label = VISIT_STAGE_LABELS[b.visitStage];
  return b.visitStageAt && b.visitStage !== "scheduled"
    ? `${label} — ${formatVisitTime(b.visitStageAt, timeZone)}`
    : label;
}
