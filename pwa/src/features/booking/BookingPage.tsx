import { useLocation, useParams, useSearchParams } from "react-router-dom";
import { PageHero } from "../../components/PageHero.tsx";
import type { BookingInput } from "@contracts/schemas.ts";
import { BookingForm } from "./BookingForm.tsx";
import { ContactBox } from "./ContactBox.tsx";
import "./BookingPage.css";

export default function BookingPage() {
  const { serviceId } = useParams();
  const [search] = useSearchParams();
  const pkg = search.get("package") ?? "";
  // "Book again" after a refusal brings what the customer typed (kept in the history entry, so a reload keeps it).
  const draft = (useLocation().state as { draft?: BookingInput } | null)?.draft ?? null;
  return (
    <>
      <PageHero
        title="Book Your Appointment"
        intro="Tell us about your home and pick a time. You'll see your price before you confirm."
        breadcrumb={[{ to: "/", label: "Home" }, { label: "Booking" }]}
      />
      <section className="section booking-section">
        <div className="container booking-layout">
          {/* A new service or package in the address starts a fresh form with it preselected. */}
          <BookingForm
            key={`${serviceId ?? ""}|${pkg}|${draft ? "draft" : ""}`}
            initialService={serviceId ?? ""}
            initialPackage={pkg}
            draft={draft}
          />
          <ContactBox />
        </div>
      </section>
    </>
  );
}
