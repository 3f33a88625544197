import type { PortalVisit } from "@contracts/portal/portal.ts";
import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { visitLabel } from "./format.ts";

// The pill's words by its tone, in the customer's language; a stage's words also name it in the report's history.
export const STAGE_MESSAGES: Record<string, MessageDescriptor> = defineMessages({
  cancelled: { id: "public.portal.pill.cancelled", defaultMessage: "Cancelled" },
  requested: { id: "public.portal.pill.requested", defaultMessage: "Requested" },
  scheduled: { id: "public.portal.pill.scheduled", defaultMessage: "Scheduled" },
  en_route: { id: "public.portal.pill.enRoute", defaultMessage: "On the way" },
  on_site: { id: "public.portal.pill.onSite", defaultMessage: "In progress" },
  completed: { id: "public.portal.pill.completed", defaultMessage: "Completed" },
});

/** Where a visit stands, the same words on the list and on the visit's page. */
export function VisitPill({ visit }: { visit: Pick<PortalVisit, "status" | "visitStage"> }) {
  const { t } = useTranslator();
  const { text, tone } = visitLabel(visit);
  const words = STAGE_MESSAGES[text === "Requested" ? "requested" : tone];
  return <span className={`portal-pill portal-pill--${tone}`}>{words ? t(words) : text}</span>;
}
