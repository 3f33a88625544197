import { stateName } from "@contracts/common/states.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/translator.ts";
import { useProfile, useProfileInLanguage } from "../../lib/profile.tsx";
import { LegalContact, LegalPage, type LegalSection } from "./LegalPage.tsx";

/** The terms' texts. The cancellation policy is the manage page's message, CANCELLATION_POLICY word for word. */
export const termsMessages = defineMessages({
  title: { id: "public.terms.title", defaultMessage: "Terms of Service" },
  acceptance: { id: "public.terms.acceptance", defaultMessage: "Acceptance of Terms" },
  acceptanceText: {
    id: "public.terms.acceptanceText",
    defaultMessage:
      "By using this website or booking a service with us you agree to these terms. If you do not agree, please do not use the website or our booking service.",
  },
  estimates: { id: "public.terms.estimates", defaultMessage: "Services and Estimates" },
  estimatesText: {
    id: "public.terms.estimatesText",
    defaultMessage:
      "Prices shown on this website and in the booking form are estimates based on the service and the number of units you select. Final prices can vary with the size, condition and accessibility of your system. Your technician will explain any difference and get your approval before starting additional work.",
  },
  appointments: { id: "public.terms.appointments", defaultMessage: "Appointments and Cancellations" },
  open: {
    id: "public.terms.open",
    defaultMessage:
      "We are open {hours}. Appointments can be booked from the next day on; we contact you within 24 hours to confirm.",
  },
  policy: {
    id: "public.manage.policy",
    defaultMessage:
      "Please give at least 24 hours' notice to cancel or reschedule. Cancellations with less than 24 hours' notice, or missed appointments, may be charged a late cancellation fee.",
  },
  payment: { id: "public.terms.payment", defaultMessage: "Payment" },
  paymentText: {
    id: "public.terms.paymentText",
    defaultMessage:
      "Payment is due when the service is completed unless agreed otherwise in writing. We accept major credit cards, checks and cash. Commercial accounts may be invoiced under separate terms.",
  },
  liability: { id: "public.terms.liability", defaultMessage: "Liability and Satisfaction" },
  liabilityText: {
    id: "public.terms.liabilityText",
    defaultMessage:
      "We carry full liability insurance and take care to protect your home. Please report any concern about our work within 7 days so we can make it right. Our liability is limited to the amount paid for the service concerned, except where the law does not allow such a limit.",
  },
  law: { id: "public.terms.law", defaultMessage: "Governing Law" },
  lawText: {
    id: "public.terms.lawText",
    defaultMessage:
      "These terms are governed by the laws of the State of {state}. Any dispute will be resolved in the state or federal courts with jurisdiction over {city}, {state}.",
  },
  contact: { id: "public.terms.contact", defaultMessage: "Contact Us" },
  contactIntro: { id: "public.terms.contactIntro", defaultMessage: "Questions about these terms? Contact us:" },
});
const m = termsMessages;

function OpeningHours() {
  const profile = useProfileInLanguage();
  const { t } = useTranslator();
  return <p>{t(m.open, { hours: profile.hoursText })}</p>;
}

/** The law of the state the business is in, and the courts of its city. */
function GoverningLaw() {
  const { city, state } = useProfile().address;
  const { t } = useTranslator();
  return <p>{t(m.lawText, { state: stateName(state), city })}</p>;
}

const SECTIONS: LegalSection[] = [
  { title: m.acceptance, body: (t) => <p>{t(m.acceptanceText)}</p> },
  { title: m.estimates, body: (t) => <p>{t(m.estimatesText)}</p> },
  {
    title: m.appointments,
    body: (t) => (
      <>
        <OpeningHours />
        <p>{t(m.policy)}</p>
      </>
    ),
  },
  { title: m.payment, body: (t) => <p>{t(m.paymentText)}</p> },
  { title: m.liability, body: (t) => <p>{t(m.liabilityText)}</p> },
  { title: m.law, body: () => <GoverningLaw /> },
  { title: m.contact, body: (t) => <LegalContact intro={t(m.contactIntro)} /> },
];

export default function TermsPage() {
  return <LegalPage title={m.title} sections={SECTIONS} />;
}
