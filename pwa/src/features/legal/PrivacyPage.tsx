import { LegalContact, LegalPage, type LegalSection } from "./LegalPage.tsx";

const SECTIONS: LegalSection[] = [
  {
    title: "Information We Collect",
    body: (
      <>
        <p>When you book an appointment or send us a message we collect what you give us:</p>
        <ul>
          <li>your name, e-mail address and phone number;</li>
          <li>the service address (street, city, state and ZIP code);</li>
          <li>the service, number of units, equipment type, preferred date and time and any comments.</li>
        </ul>
        <p>Our website also records basic technical data, such as your browser's time zone, to schedule correctly.</p>
      </>
    ),
  },
  {
    title: "How We Use Your Information",
    body: (
      <ul>
        <li>To schedule, confirm and carry out the services you request.</li>
        <li>To send booking confirmations and reminders and to answer your questions.</li>
        <li>To prepare estimates and invoices and to keep service records for warranty purposes.</li>
        <li>To improve our services and website. We do not sell your personal information.</li>
      </ul>
    ),
  },
  {
    title: "How We Share Information",
    body: (
      <p>
        We share information only with the technicians assigned to your job and with service providers that help us run
        our business (such as e-mail delivery and hosting), under obligations to protect it. We may disclose information
        when the law requires it.
      </p>
    ),
  },
  {
    title: "Data Security",
    body: (
      <p>
        We protect your information with encrypted connections, restricted staff access and secure hosting. No method of
        transmission or storage is completely secure, but we work to safeguard your data and review our practices
        regularly.
      </p>
    ),
  },
  {
    title: "Your Choices and Rights",
    body: (
      <p>
        You may ask to see, correct or delete the personal information we hold about you, and you can opt out of
        non-essential e-mails at any time. We keep booking records only as long as needed for service, warranty and
        legal purposes.
      </p>
    ),
  },
  {
    title: "Contact Us",
    body: <LegalContact intro="Questions about this policy or your information? Contact us:" />,
  },
];

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" sections={SECTIONS} />;
}
