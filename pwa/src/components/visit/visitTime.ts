/** "9:42 AM" in the business's zone, with the day in front when it is not today there: a visit stage, a note. */
export function formatVisitTime(iso: string, timeZone: string, now: Date = new Date()): string {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return iso;
  const day = (d: Date) => d.toLocaleDateString("en-US", { timeZone, month: "short", day: "numeric" });
  const time = t.toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  return day(t) === day(now) ? time : `${day(t)}, ${time}`;
}
