import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { momentText } from "./format.ts";

const m = defineMessages({
  text: {
    id: "public.portal.offline.text",
    defaultMessage: "You are offline. This is your page as of {moment}; changes need a connection.",
  },
});

/** Said above a last view shown with no signal: what the customer reads may have changed since. */
export function OfflineNote({ asOf, timeZone }: { asOf: string; timeZone: string }) {
  const words = useTranslator();
  return (
    <p role="status" className="portal-offline">
      {words.t(m.text, { moment: momentText(asOf, timeZone, words) })}
    </p>
  );
}
