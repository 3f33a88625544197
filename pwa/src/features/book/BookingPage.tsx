import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useParams, useSearchParams } from "react-router-dom";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { PageHero } from "../../components/PageHero.tsx";
import { HydratesAsWritten, useTranslator } from "../../lib/i18n/translator.ts";
import type { BookingInput } from "@contracts/bookings/schemas.ts";
import { BookingForm } from "./BookingForm.tsx";
import "./BookingPage.css";

const messages = defineMessages({
  title: { id: "public.booking.title", defaultMessage: "Book Your Appointment" },
  intro: {
    id: "public.booking.intro",
    defaultMessage: "Tell us about your home and pick a time. You'll see your price before you confirm.",
  },
  home: { id: "public.crumb.home", defaultMessage: "Home" },
  crumb: { id: "public.booking.crumb", defaultMessage: "Booking" },
});

// Phone, e-mail and what happens next: nothing to press but links, so its code and hydration follow the form's.
const ContactBox = lazy(() => import("./ContactBox.tsx").then((module) => ({ default: module.ContactBox })));

export default function BookingPage() {
  const { serviceId } = useParams();
  const [search] = useSearchParams();
  const pkg = search.get("package") ?? "";
  // "Book again" after a refusal brings what the customer typed (kept in the history entry, so a reload keeps it).
  const kept = (useLocation().state as { draft?: BookingInput } | null)?.draft ?? null;
  const again = useBookAgain(search.get("again"));
  const draft = kept ?? again;
  const { t } = useTranslator();
  return (
    <>
      <PageHero
        title={t(messages.title)}
        intro={t(messages.intro)}
        breadcrumb={[{ to: "/", label: t(messages.home) }, { label: t(messages.crumb) }]}
      />
      <section className="section booking-section">
        <div className="container booking-layout">
          {/* A new service or package in the address starts a fresh form with it preselected. */}
          <BookingForm
            key={`${serviceId ?? ""}|${pkg}|${kept ? "draft" : again ? "again" : ""}`}
            initialService={serviceId ?? ""}
            initialPackage={pkg}
            draft={draft}
          />
          <Suspense fallback={null}>
            <HydratesAsWritten>
              <ContactBox />
            </HydratesAsWritten>
          </Suspense>
        </div>
      </section>
    </>
  );
}

/**
 * The details of the visit a yearly reminder's "Book your next cleaning" link names (`?again={manage token}`),
 * read after the first render (the page is prerendered without them); null until then, or when the link is stale.
 */
function useBookAgain(token: string | null): Partial<BookingInput> | null {
  const [draft, setDraft] = useState<Partial<BookingInput> | null>(null);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    import("./bookAgain.ts")
      .then(({ fetchBookAgainDraft }) => fetchBookAgainDraft(token, controller.signal))
      .then(setDraft)
      .catch((error: unknown) => {
        // An old or mistyped link: the customer books with an empty form, as from any other link.
        if (!controller.signal.aborted) console.warn("The book-again details could not be loaded", error);
      });
    return () => controller.abort();
  }, [token]);
  return draft;
}
