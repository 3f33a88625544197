import { defineMessages } from "@contracts/i18n/messages.ts";
import { LegalContact, LegalPage, type LegalSection } from "./LegalPage.tsx";

const m = defineMessages({
  title: { id: "public.privacy.title", defaultMessage: "Privacy Policy" },
  collect: { id: "public.privacy.collect", defaultMessage: "Information We Collect" },
  collectIntro: {
    id: "public.privacy.collectIntro",
    defaultMessage: "When you book an appointment or send us a message we collect what you give us:",
  },
  collectContact: {
    id: "public.privacy.collectContact",
    defaultMessage: "your name, e-mail address and phone number;",
  },
  collectAddress: {
    id: "public.privacy.collectAddress",
    defaultMessage: "the service address (street, city, state and ZIP code);",
  },
  collectService: {
    id: "public.privacy.collectService",
    defaultMessage: "the service, number of units, equipment type, preferred date and time and any comments.",
  },
  collectTechnical: {
    id: "public.privacy.collectTechnical",
    defaultMessage:
      "Our website also records basic technical data, such as your browser's time zone, to schedule correctly.",
  },
  use: { id: "public.privacy.use", defaultMessage: "How We Use Your Information" },
  useSchedule: {
    id: "public.privacy.useSchedule",
    defaultMessage: "To schedule, confirm and carry out the services you request.",
  },
  useConfirm: {
    id: "public.privacy.useConfirm",
    defaultMessage: "To send booking confirmations and reminders and to answer your questions.",
  },
  useRecords: {
    id: "public.privacy.useRecords",
    defaultMessage: "To prepare estimates and invoices and to keep service records for warranty purposes.",
  },
  useImprove: {
    id: "public.privacy.useImprove",
    defaultMessage: "To improve our services and website. We do not sell your personal information.",
  },
  share: { id: "public.privacy.share", defaultMessage: "How We Share Information" },
  shareText: {
    id: "public.privacy.shareText",
    defaultMessage:
      "We share information only with the technicians assigned to your job and with service providers that help us run our business (such as e-mail delivery and hosting), under obligations to protect it. We may disclose information when the law requires it.",
  },
  security: { id: "public.privacy.security", defaultMessage: "Data Security" },
  securityText: {
    id: "public.privacy.securityText",
    defaultMessage:
      "We protect your information with encrypted connections, restricted staff access and secure hosting. No method of transmission or storage is completely secure, but we work to safeguard your data and review our practices regularly.",
  },
  rights: { id: "public.privacy.rights", defaultMessage: "Your Choices and Rights" },
  rightsText: {
    id: "public.privacy.rightsText",
    defaultMessage:
      "You may ask to see, correct or delete the personal information we hold about you, and you can opt out of non-essential e-mails at any time. We keep booking records only as long as needed for service, warranty and legal purposes.",
  },
  contact: { id: "public.privacy.contact", defaultMessage: "Contact Us" },
  contactIntro: {
    id: "public.privacy.contactIntro",
    defaultMessage: "Questions about this policy or your information? Contact us:",
  },
});

const SECTIONS: LegalSection[] = [
  {
    title: m.collect,
    body: (t) => (
      <>
        <p>{t(m.collectIntro)}</p>
        <ul>
          <li>{t(m.collectContact)}</li>
          <li>{t(m.collectAddress)}</li>
          <li>{t(m.collectService)}</li>
        </ul>
        <p>{t(m.collectTechnical)}</p>
      </>
    ),
  },
  {
    title: m.use,
    body: (t) => (
      <ul>
        <li>{t(m.useSchedule)}</li>
        <li>{t(m.useConfirm)}</li>
        <li>{t(m.useRecords)}</li>
        <li>{t(m.useImprove)}</li>
      </ul>
    ),
  },
  { title: m.share, body: (t) => <p>{t(m.shareText)}</p> },
  { title: m.security, body: (t) => <p>{t(m.securityText)}</p> },
  { title: m.rights, body: (t) => <p>{t(m.rightsText)}</p> },
  { title: m.contact, body: (t) => <LegalContact intro={t(m.contactIntro)} /> },
];

export default function PrivacyPage() {
  return <LegalPage title={m.title} sections={SECTIONS} />;
}
