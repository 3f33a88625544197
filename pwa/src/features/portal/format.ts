import { longWeekdayDay } from "@contracts/common/days.ts";
import type { PortalVisit } from "@contracts/portal/portal.ts";
import type { VisitStage } from "@contracts/visit/visit.ts";

/** Where the visit stands, in the customer's words. */
export const STAGE_WORDS: Record<VisitStage, string> = {
  scheduled: "Scheduled",
  en_route: "On the way",
  on_site: "In progress",
  completed: "Completed",
};

/**
 * "Tuesday, March 3, 2026" of a calendar date (no time zone can move it), written out: the page's first render does
 * not load the phone's locale data for it (decision 0058).
 */
export const dayText = longWeekdayDay;

/** "Mar 2, 10:15 AM" of an instant, in the business's time zone. */
export function momentText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(new Date(iso));
}

/** "10:15 AM" of an instant, in the business's time zone. */
export function clockText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(iso));
}

/** The visit's pill: cancelled, requested (the office has not confirmed it yet), or where the visit stands. */
export function visitLabel(v: Pick<PortalVisit, "status" | "visitStage">): { text: string; tone: string } {
  if (v.status === "cancelled") return { text: "Cancelled", tone: "cancelled" };
  if (v.status === "pending" && v.visitStage === "scheduled") return { text: "Requested", tone: "scheduled" };
  return { text: STAGE_WORDS[v.visitStage], tone: v.visitStage };
}

/** "Dec 11, 2026" of an instant, in the business's time zone. */
export function dateText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone }).format(
    new Date(iso),
  );
}
