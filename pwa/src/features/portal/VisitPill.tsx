import type { PortalVisit } from "@contracts/portal/portal.ts";
import { visitLabel } from "./format.ts";

/** Where a visit stands, the same words on the list and on the visit's page. */
export function VisitPill({ visit }: { visit: Pick<PortalVisit, "status" | "visitStage"> }) {
  const { text, tone } = visitLabel(visit);
  return <span className={`portal-pill portal-pill--${tone}`}>{text}</span>;
}
