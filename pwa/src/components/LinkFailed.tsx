import { defineMessages } from "@contracts/i18n/messages.ts";
import { failureText } from "../lib/http.ts";
import { useTranslator } from "../lib/i18n/I18nProvider.tsx";
import { telHref, useProfile } from "../lib/profile.tsx";
import { isNotFound } from "../lib/useLoad.ts";

const messages = defineMessages({
  estimateNotFound: { id: "public.linkFailed.estimateNotFound", defaultMessage: "Estimate not found" },
  invoiceNotFound: { id: "public.linkFailed.invoiceNotFound", defaultMessage: "Invoice not found" },
  estimateNoLink: {
    id: "public.linkFailed.estimateNoLink",
    defaultMessage:
      "This link does not lead to an estimate. Please use the link in your e-mail as it is, or call us at",
  },
  invoiceNoLink: {
    id: "public.linkFailed.invoiceNoLink",
    defaultMessage: "This link does not lead to an invoice. Please use the link in your e-mail as it is, or call us at",
  },
  yourEstimate: { id: "public.linkFailed.yourEstimate", defaultMessage: "Your estimate" },
  yourInvoice: { id: "public.linkFailed.yourInvoice", defaultMessage: "Your invoice" },
  estimateNotLoaded: { id: "public.linkFailed.estimateNotLoaded", defaultMessage: "We could not load your estimate." },
  invoiceNotLoaded: { id: "public.linkFailed.invoiceNotLoaded", defaultMessage: "We could not load your invoice." },
  estimateOffline: {
    id: "public.linkFailed.estimateOffline",
    defaultMessage: "We could not load your estimate. Please check your connection.",
  },
  invoiceOffline: {
    id: "public.linkFailed.invoiceOffline",
    defaultMessage: "We could not load your invoice. Please check your connection.",
  },
  tryAgain: { id: "public.linkFailed.tryAgain", defaultMessage: "Try again" },
});

/**
 * A customer's link (an estimate, an invoice) that could not be read: not found says to use the link as it is or
 * call; anything else says what failed, with a retry.
 */
export function LinkFailed({
  what,
  error,
  onRetry,
  className,
}: {
  what: "estimate" | "invoice";
  error: unknown;
  onRetry: () => void;
  className: string;
}) {
  const { phone } = useProfile();
  const { t } = useTranslator();
  const estimate = what === "estimate";
  if (isNotFound(error))
    return (
      <div className={`card ${className}`}>
        <h1>{t(estimate ? messages.estimateNotFound : messages.invoiceNotFound)}</h1>
        <p>
          {t(estimate ? messages.estimateNoLink : messages.invoiceNoLink)} <a href={telHref(phone)}>{phone}</a>.
        </p>
      </div>
    );
  return (
    <div className={`card ${className}`} role="alert">
      <h1>{t(estimate ? messages.yourEstimate : messages.yourInvoice)}</h1>
      <p>
        {failureText(error, {
          otherwise: t(estimate ? messages.estimateNotLoaded : messages.invoiceNotLoaded),
          network: t(estimate ? messages.estimateOffline : messages.invoiceOffline),
        })}
      </p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t(messages.tryAgain)}
      </button>
    </div>
  );
}
