import { useEffect, useRef, useState, type FormEvent } from "react";
import { CONTACT_SERVICE_OPTIONS } from "@contracts/contact/contact.ts";
import { MESSAGES } from "@contracts/common/messages.ts";
import { TextField } from "../../components/form/Field.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { telHref, useProfile } from "../../lib/profile.tsx";
import { useHydrated, useTypedBeforeHydration } from "../../lib/hydration.ts";
import { sendContactMessage } from "./api.ts";
import "./ContactPage.css";

/** SPEC §9: the result banner clears after 5 seconds. */
export const BANNER_MS = 5000;

const EMPTY = { name: "", email: "", phone: "", serviceIndex: "", message: "" };
// True offline and on a timeout, 5xx or 429 alike: the device queue keeps the message in all these cases.
const CONTACT_QUEUED =
  "We couldn't reach our server, so your message is saved on this device and will be sent automatically as soon as the connection is back.";

type Banner = { kind: "success" | "error"; text: string } | null;

export default function ContactPage() {
  const profile = useProfile();
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
      show({ kind: "success", text: result.state === "queued" ? CONTACT_QUEUED : MESSAGES.contactSent });
    } catch (error) {
      // SPEC §8: the server's message is only logged.
      console.error("Contact message failed:", error instanceof Error ? error.message : error);
      show({ kind: "error", text: MESSAGES.contactFailed });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PageHero
        title="Contact Us"
        intro="Questions about a cleaning, a quote for your business, or an urgent problem? We're here to help."
        breadcrumb={[{ to: "/", label: "Home" }, { label: "Contact" }]}
      />
      <section className="section">
        <div className="container contact-layout">
          <div className="card contact-form-card">
            <h2>Send Us a Message</h2>
            <p className="contact-form-card__intro">We reply within one business day.</p>
            <form className="form-grid cols-2" onSubmit={submit} ref={formRef}>
              <TextField
                id="contact-name"
                name="name"
                label="Full Name"
                autoComplete="name"
                required
                value={form.name}
                onChange={set("name")}
              />
              <TextField
                id="contact-email"
                name="email"
                type="email"
                label="Email Address"
                autoComplete="email"
                required
                value={form.email}
                onChange={set("email")}
              />
              <TextField
                id="contact-phone"
                name="phone"
                type="tel"
                label="Phone Number"
                autoComplete="tel"
                required
                value={form.phone}
                onChange={set("phone")}
              />
              <div className="field">
                <label className="field-label" htmlFor="contact-service">
                  Service
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
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <TextField
                id="contact-message"
                name="message"
                label="Message"
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
                      {banner.text}
                    </p>
                  )}
                </div>
                <button type="submit" className="btn btn-primary contact-submit" disabled={sending || !hydrated}>
                  {sending ? "Sending..." : "Send Message"}
                </button>
              </div>
            </form>
          </div>
          <aside className="contact-info" aria-labelledby="contact-info-title">
            <h2 id="contact-info-title">Get in Touch</h2>
            <ul>
              <li>
                <Icon name="phone" />
                <div>
                  <strong>Phone</strong>
                  <a href={telHref(profile.phone)}>{profile.phone}</a>
                </div>
              </li>
              <li>
                <Icon name="mail" />
                <div>
                  <strong>Email</strong>
                  <a href={`mailto:${profile.email}`}>{profile.email}</a>
                </div>
              </li>
              <li>
                <Icon name="pin" />
                <div>
                  <strong>Office</strong>
                  <span>
                    {profile.address.street}, {profile.address.city}, {profile.address.state} {profile.address.zip}
                  </span>
                </div>
              </li>
              <li>
                <Icon name="clock" />
                <div>
                  <strong>Business Hours</strong>
                  <span>{profile.hoursShort}</span>
                </div>
              </li>
            </ul>
            <p className="contact-info__emergency">
              <strong>{profile.claims.emergency} emergency service:</strong> call{" "}
              <a href={telHref(profile.phone)}>{profile.phone}</a> any time.
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
