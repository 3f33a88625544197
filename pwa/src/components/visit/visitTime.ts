import { LATE_ARRIVAL_MS } from "@contracts/visit/visit.ts";

/**
 * " (sent 10:15 AM)" when the server had it well after it was done (a device that was offline); nothing
 * when it arrived at once or is still waiting.
 */
export function sentLate(record: { at: string; receivedAt?: string | null }, timeZone: string): string {
  if (!record.receivedAt) return "";
  const late = Date.parse(record.receivedAt) - Date.parse(record.at);
  return late > LATE_ARRIVAL_MS ? ` (sent ${formatVisitTime(record.receivedAt, timeZone)})` : "";
}

/** "9:42 AM" in the business's zone, with the day in front when it is not today there: a visit stage, a note. */
export function formatVisitTime(iso: string, timeZone: string, now: Date = new Date()): string {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return iso;
  const day = (d: Date) => d.toLocaleDateString("en-US", { timeZone, month: "short", day: "numeric" });
  const time = t.toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  return day(t) === day(now) ? time : `${day(t)}, ${time}`;
}
