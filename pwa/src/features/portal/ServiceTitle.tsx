import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { useServices } from "../../lib/services.ts";
import { serviceIn } from "./planWords.ts";

/**
 * A plan's service by its name in the page's language. The services list is read where a plan shows a visit, not by
 * the plan sections themselves: most customers have no plan, and their page then reads no list.
 */
export function ServiceTitle({ type }: { type: string }) {
  const { services } = useServices();
  const { locale } = useTranslator();
  return <>{serviceIn(locale, type, services)}</>;
}
