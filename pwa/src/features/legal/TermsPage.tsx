import { CANCELLATION_POLICY } from "@contracts/bookings/manage.ts";
import { stateName } from "@contracts/common/states.ts";
import { useProfile } from "../../lib/profile.tsx";
import { LegalContact, LegalPage, type LegalSection } from "./LegalPage.tsx";

function OpeningHours() {
  const profile = useProfile();
  return (
    <p>
      We are open {profile.hoursText}. Appointments can be booked from the next day on; we contact you within 24 hours
      to confirm.
    </p>
  );
}

/** The law of the state the business is in, and the courts of its city. */
function GoverningLaw() {
  const { city, state } = useProfile().address;
  return (
    <p>
      These terms are governed by the laws of the State of {stateName(state)}. Any dispute will be resolved in the state
      or federal courts with jurisdiction over {city}, {stateName(state)}.
    </p>
  );
}

const SECTIONS: LegalSection[] = [
  {
    title: "Acceptance of Terms",
    body: (
      <p>
        By using this website or booking a service with us you agree to these terms. If you do not agree, please do not
        use the website or our booking service.
      </p>
    ),
  },
  {
    title: "Services and Estimates",
    body: (
      <p>
        Prices shown on this website and in the booking form are estimates based on the service and the number of units
        you select. Final prices can vary with the size, condition and accessibility of your system. Your technician
        will explain any difference and get your approval before starting additional work.
      </p>
    ),
  },
  {
    title: "Appointments and Cancellations",
    body: (
      <>
        <OpeningHours />
        <p>{CANCELLATION_POLICY}</p>
      </>
    ),
  },
  {
    title: "Payment",
    body: (
      <p>
        Payment is due when the service is completed unless agreed otherwise in writing. We accept major credit cards,
        checks and cash. Commercial accounts may be invoiced under separate terms.
      </p>
    ),
  },
  {
    title: "Liability and Satisfaction",
    body: (
      <p>
        We carry full liability insurance and take care to protect your home. Please report any concern about our work
        within 7 days so we can make it right. Our liability is limited to the amount paid for the service concerned,
        except where the law does not allow such a limit.
      </p>
    ),
  },
  {
    title: "Governing Law",
    body: <GoverningLaw />,
  },
  {
    title: "Contact Us",
    body: <LegalContact intro="Questions about these terms? Contact us:" />,
  },
];

export default function TermsPage() {
  return <LegalPage title="Terms of Service" sections={SECTIONS} />;
}
