import type { Plan } from "@contracts/plans/plan.ts";
import type { Service } from "@contracts/services/service.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { centsToDollars } from "@contracts/money/amounts.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import type { Translator } from "../../lib/i18n/I18nProvider.tsx";
import { serviceName } from "../../lib/format.ts";

/**
 * A plan's words on the customer's page, in their language: the office's screens keep planText.ts's English. A plan's
 * own name and description are the office's words and stay as written.
 */
export const planMessages = defineMessages({
  perMonth: { id: "public.portal.plan.perMonth", defaultMessage: "{price} / month" },
  perYear: { id: "public.portal.plan.perYear", defaultMessage: "{price} / year" },
  everyMonth: { id: "public.portal.plan.everyMonth", defaultMessage: "every month" },
  everyYear: { id: "public.portal.plan.everyYear", defaultMessage: "every year" },
  everyMonths: { id: "public.portal.plan.everyMonths", defaultMessage: "every {count} months" },
  discount: { id: "public.portal.plan.discount", defaultMessage: "{percent} % off any other work" },
});
const m = planMessages;

/** "$19.00 / month", as planPrice writes it in English. */
export const planPriceIn = (t: Translator["t"], p: Pick<Plan, "priceCents" | "period">) =>
  t(p.period === "year" ? m.perYear : m.perMonth, { price: formatMoney(centsToDollars(p.priceCents)) });

/** "every 6 months", "every year", as everyText writes them in English. */
export const everyIn = (t: Translator["t"], months: number) =>
  months === 12 ? t(m.everyYear) : months === 1 ? t(m.everyMonth) : t(m.everyMonths, { count: months });

/** A service's name in the page's language: its Spanish title when the office gave it one. */
export const serviceIn = (locale: Translator["locale"], serviceType: string, services: readonly Service[]) =>
  (locale === "es" ? services.find((s) => s._id === serviceType)?.titleEs : undefined) ??
  serviceName(serviceType, services);
