import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";

const m = defineMessages({
  text: {
    id: "public.portal.loadFailed.text",
    defaultMessage: "We could not load {what}. Please check your connection and try again.",
  },
  retry: { id: "public.portal.loadFailed.retry", defaultMessage: "Try again" },
});

/** A part of the customer's page that could not be read, with no last view to show instead. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  const { t } = useTranslator();
  return (
    <div role="alert" className="card portal-card">
      <p>{t(m.text, { what })}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t(m.retry)}
      </button>
    </div>
  );
}
