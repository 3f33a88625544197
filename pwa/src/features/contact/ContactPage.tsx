import { useEffect, useRef, useState, type FormEvent } from "react";
import { CONTACT_SERVICE_OPTIONS } from "@contracts/contact/contact.ts";
import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import { TextField } from "../../components/form/Field.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { useTranslator } from "../../lib/i18n/translator.ts";
import { telHref, useProfileInLanguage } from "../../lib/profile.tsx";
import { useHydrated, useTypedBeforeHydration } from "../../lib/hydration.ts";
import { sendContactMessage } from "./api.ts";
import "./ContactPage.css";

/** SPEC §9: the result banner clears after 5 seconds. */
export const BANNER_MS = 5000;

const EMPTY = { name: "", email: "", phone: "", serviceIndex: "", message: "" };

/**
 * The page's texts. The answers the spec quotes (MESSAGES.contactSent, contactFailed) are the same English word for
 * word (ContactPage.test.tsx checks it): the page reads them from here, not from the whole MESSAGES table.
 */
export const contactMessages = defineMessages({
  title: { id: "public.contact.title", defaultMessage: "Contact Us" },
  intro: {
    id: "public.contact.intro",
    defaultMessage: "Questions about a cleaning, a quote for your business, or an urgent problem? We're here to help.",
  },
  home: { id: "public.crumb.home", defaultMessage: "Home" },
  crumb: { id: "public.contact.crumb", defaultMessage: "Contact" },
  formTitle: { id: "public.contact.formTitle", defaultMessage: "Send Us a Message" },
  reply: { id: "public.contact.reply", defaultMessage: "We reply within one business day." },
  name: { id: "public.contact.name", defaultMessage: "Full Name" },
  email: { id: "public.contact.email", defaultMessage: "Email Address" },
  phone: { id: "public.contact.phone", defaultMessage: "Phone Number" },
  service: { id: "public.contact.service", defaultMessage: "Service" },
  message: { id: "public.contact.message", defaultMessage: "Message" },
  pickService: { id: "public.contact.pickService", defaultMessage: "Select Service" },
  otherServices: { id: "public.contact.otherServices", defaultMessage: "Other Services" },
  sending: { id: "public.contact.sending", defaultMessage: "Sending..." },
  send: { id: "public.contact.send", defaultMessage: "Send Message" },
  // True offline and on a timeout, 5xx or 429 alike: the device queue keeps the message in all these cases.
  queued: {
    id: "public.contact.queued",
    defaultMessage:
      "We couldn't reach our server, so your message is saved on this device and will be sent automatically as soon as the connection is back.",
  },
  sent: { id: "public.contact.sent", defaultMessage: "Message sent successfully! We'll get back to you soon." },
  failed: {
    id: "public.contact.failed",
    defaultMessage: "Failed to send message. Please try again or contact us directly.",
  },
  inTouch: { id: "public.contact.inTouch", defaultMessage: "Get in Touch" },
  phoneTitle: { id: "public.contact.phoneTitle", defaultMessage: "Phone" },
  emailTitle: { id: "public.contact.emailTitle", defaultMessage: "Email" },
  office: { id: "public.contact.office", defaultMessage: "Office" },
  hours: { id: "public.contact.hours", defaultMessage: "Business Hours" },
  emergency: { id: "public.contact.emergency", defaultMessage: "{value} emergency service:" },
  call: { id: "public.contact.call", defaultMessage: "call" },
  anyTime: { id: "public.contact.anyTime", defaultMessage: "any time." },
});

/** The catalog services by the names the booking form and the e-mails give them in Spanish (the same ids). */
const services = defineMessages({
  airDuct: { id: "public.service.air-duct-cleaning", defaultMessage: "Air Duct Cleaning" },
  supplyVent: { id: "public.service.supply-vent-cleaning", defaultMessage: "Supply Vent Cleaning" },
  dryerVent: { id: "public.service.dryer-vent-cleaning", defaultMessage: "Dryer Vent Cleaning" },
  brush: { id: "public.service.brush-cleaning", defaultMessage: "Brush Cleaning" },
  deep: { id: "public.service.deep-cleaning", defaultMessage: "Deep Cleaning" },
  chimney: { id: "public.service.chimney-cleaning", defaultMessage: "Chimney Cleaning" },
  hvac: { id: "public.service.hvac-system-cleaning", defaultMessage: "HVAC System Cleaning" },
});

/** The label of each of CONTACT_SERVICE_OPTIONS, in its order (the test holds them to the spec's English labels). */
export const CONTACT_SERVICE_LABELS: MessageDescriptor[] = [
  contactMessages.pickService,
  services.airDuct,
  services.supplyVent,
  services.dryerVent,
  services.brush,
  services.deep,
  services.chimney,
  services.hvac,
  contactMessages.otherServices,
];

type Banner = { kind: "success" | "error"; text: MessageDescriptor } | null;

export default function ContactPage() {
  const profile = useProfileInLanguage();
  const { t } = useTranslator();
  const m = contactMessages;
  const [form, setForm] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The page is rendered at build time: until React runs, a tap on Send would submit the HTML form itself (the
  // message in the address, the page reloaded empty), and what was typed meanwhile must reach the state.
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    const field = name === "service" ? "serviceIndex" : name;
    if (field in EMPTY) setForm((f) => ({ ...f, [field]: value }));
  });

  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const show = (next: Banner) => {
    setBanner(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBanner(null), BANNER_MS);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Options share sent values (two labels send 'Residential Cleaning'), so the select holds the index.
    const option = CONTACT_SERVICE_OPTIONS[Number(form.serviceIndex)];
    if (!option || !option.value) return;
    setSending(true);
    try {
      const result = await sendContactMessage({
        name: form.name,
        email: form.email,
        phone: form.phone,
        service: option.value,
        message: form.message,
      });
      setForm(EMPTY);
      show({ kind: "success", text: result.state === "queued" ? m.queued : m.sent });
    } catch (error) {
      // SPEC §8: the server's message is only logged.
      console.error("Contact message failed:", error instanceof Error ? error.message : error);
      show({ kind: "error", text: m.failed });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PageHero
        title={t(m.title)}
        intro={t(m.intro)}
        breadcrumb={[{ to: "/", label: t(m.home) }, { label: t(m.crumb) }]}
      />
      <section className="section">
        <div className="container contact-layout">
          <div className="card contact-form-card">
            <h2>{t(m.formTitle)}</h2>
            <p className="contact-form-card__intro">{t(m.reply)}</p>
            <form className="form-grid cols-2" onSubmit={submit} ref={formRef}>
              <TextField
                id="contact-name"
                name="name"
                label={t(m.name)}
                autoComplete="name"
                required
                value={form.name}
                onChange={set("name")}
              />
              <TextField
                id="contact-email"
                name="email"
                type="email"
                label={t(m.email)}
                autoComplete="email"
                required
                value={form.email}
                onChange={set("email")}
              />
              <TextField
                id="contact-phone"
                name="phone"
                type="tel"
                label={t(m.phone)}
                autoComplete="tel"
                required
                value={form.phone}
                onChange={set("phone")}
              />
              <div className="field">
                <label className="field-label" htmlFor="contact-service">
                  {t(m.service)}
                  <span className="required" aria-hidden="true">
                    *
                  </span>
                </label>
                <select
                  id="contact-service"
                  className="input"
                  name="service"
                  required
                  value={form.serviceIndex}
                  onChange={(e) => set("serviceIndex")(e.target.value)}
                >
                  {CONTACT_SERVICE_OPTIONS.map((o, i) => (
                    <option key={o.label} value={o.value ? String(i) : ""}>
                      {t(CONTACT_SERVICE_LABELS[i]!)}
                    </option>
                  ))}
                </select>
              </div>
              <TextField
                id="contact-message"
                name="message"
                label={t(m.message)}
                rows={5}
                required
                className="span-all"
                value={form.message}
                onChange={set("message")}
              />
              {/* Next to the button, where the eyes are on a phone after tapping it. */}
              <div className="span-all">
                <div aria-live="polite">
                  {banner && (
                    <p className={`banner banner-${banner.kind}`} role={banner.kind === "error" ? "alert" : "status"}>
                      {t(banner.text)}
                    </p>
                  )}
                </div>
                <button type="submit" className="btn btn-primary contact-submit" disabled={sending || !hydrated}>
                  {t(sending ? m.sending : m.send)}
                </button>
              </div>
            </form>
          </div>
          <aside className="contact-info" aria-labelledby="contact-info-title">
            <h2 id="contact-info-title">{t(m.inTouch)}</h2>
            <ul>
              <li>
                <Icon name="phone" />
                <div>
                  <strong>{t(m.phoneTitle)}</strong>
                  <a href={telHref(profile.phone)}>{profile.phone}</a>
                </div>
              </li>
              <li>
                <Icon name="mail" />
                <div>
                  <strong>{t(m.emailTitle)}</strong>
                  <a href={`mailto:${profile.email}`}>{profile.email}</a>
                </div>
              </li>
              <li>
                <Icon name="pin" />
                <div>
                  <strong>{t(m.office)}</strong>
                  <span>
                    {profile.address.street}, {profile.address.city}, {profile.address.state} {profile.address.zip}
                  </span>
                </div>
              </li>
              <li>
                <Icon name="clock" />
                <div>
                  <strong>{t(m.hours)}</strong>
                  <span>{profile.hoursShort}</span>
                </div>
              </li>
            </ul>
            <p className="contact-info__emergency">
              <strong>{t(m.emergency, { value: profile.claims.emergency })}</strong> {t(m.call)}{" "}
              <a href={telHref(profile.phone)}>{profile.phone}</a> {t(m.anyTime)}
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
