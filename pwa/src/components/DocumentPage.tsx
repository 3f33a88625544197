import type { ReactNode } from "react";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../lib/i18n/I18nProvider.tsx";
import type { Load } from "../lib/useLoad.ts";
import { telHref } from "../lib/profile.tsx";
import { LinkFailed } from "./LinkFailed.tsx";
import "./DocumentPage.css";

const messages = defineMessages({
  loadingEstimate: { id: "public.document.loadingEstimate", defaultMessage: "Loading your estimate…" },
  loadingInvoice: { id: "public.document.loadingInvoice", defaultMessage: "Loading your invoice…" },
  for: { id: "public.document.for", defaultMessage: "For {name}" },
  questionsCall: { id: "public.document.questionsCall", defaultMessage: "Questions? Call" },
  orWrite: { id: "public.document.orWrite", defaultMessage: "or write to" },
});

/**
 * A document a customer opens from the link in their e-mail (an estimate, an invoice), phone first: while it loads,
 * when it cannot be read (not found, or a retry), and then the document itself. `wide`: room for columns side by side.
 */
export function DocumentPage<T>({
  what,
  view,
  className,
  wide = false,
  children,
}: {
  what: "estimate" | "invoice";
  view: Load<T>;
  className: string;
  wide?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslator();
  return (
    <section className={`section document-page ${className}`}>
      <div className={`container document-page__inner${wide ? " document-page__inner--wide" : ""}`}>
        {view.state === "loading" && (
          <p className="document-page__loading" role="status">
            {t(what === "estimate" ? messages.loadingEstimate : messages.loadingInvoice)}
          </p>
        )}
        {view.state === "failed" && (
          <LinkFailed what={what} error={view.error} onRetry={view.reload} className="document-page__card" />
        )}
        {view.state === "ready" && children(view.data)}
      </div>
    </section>
  );
}

/** Who it is from, what it is, whom it is for, and its dates. */
export function DocumentHead({
  from,
  title,
  customer,
  dates,
}: {
  from: string;
  title: ReactNode;
  customer: { name: string; address?: string };
  dates: ReactNode;
}) {
  const { t } = useTranslator();
  return (
    <header className="document-page__head">
      <p className="document-page__from">{from}</p>
      <h1>{title}</h1>
      <p className="document-page__for">
        {t(messages.for, { name: customer.name })}
        {customer.address && <>, {customer.address}</>}
      </p>
      <p className="document-page__dates">{dates}</p>
    </header>
  );
}

/** Where the document stands, in words: done (approved, paid), closed (declined, expired), void, or waiting. */
export function DocumentState({
  tone,
  children,
}: {
  tone: "done" | "closed" | "void" | "waiting";
  children: ReactNode;
}) {
  return (
    <p className={`document-page__state document-page__state--${tone}`} role="status">
      {children}
    </p>
  );
}

/** The document's PDF, and how to reach the business about it. */
export function DocumentFoot({
  pdf,
  business,
}: {
  pdf: { url: string; label: string };
  business: { phone: string; email: string };
}) {
  const { t } = useTranslator();
  return (
    <footer className="document-page__foot">
      <a className="btn btn-outline" href={pdf.url} target="_blank" rel="noopener">
        {pdf.label}
      </a>
      <p>
        {t(messages.questionsCall)} <a href={telHref(business.phone)}>{business.phone}</a> {t(messages.orWrite)}{" "}
        <a href={`mailto:${business.email}`}>{business.email}</a>.
      </p>
    </footer>
  );
}
