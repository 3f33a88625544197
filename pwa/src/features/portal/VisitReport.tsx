import type { PortalVisitDetails } from "@contracts/portal/portal.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { clockText, momentText, STAGE_WORDS } from "./format.ts";
import { PortalPhoto } from "./PortalPhoto.tsx";
import { STAGE_MESSAGES } from "./VisitPill.tsx";

const m = defineMessages({
  title: { id: "public.portal.report.title", defaultMessage: "Service report" },
  began: { id: "public.portal.report.began", defaultMessage: "Work began {time}" },
  ended: { id: "public.portal.report.ended", defaultMessage: "ended {time}" },
  checklist: { id: "public.portal.report.checklist", defaultMessage: "Checklist" },
  notDone: { id: "public.portal.report.notDone", defaultMessage: "(not done)" },
  notes: { id: "public.portal.report.notes", defaultMessage: "Technician's notes" },
  before: { id: "public.portal.report.before", defaultMessage: "Before" },
  after: { id: "public.portal.report.after", defaultMessage: "After" },
  beforePhoto: { id: "public.portal.report.beforePhoto", defaultMessage: "Before photo {n}" },
  afterPhoto: { id: "public.portal.report.afterPhoto", defaultMessage: "After photo {n}" },
  signature: { id: "public.portal.report.signature", defaultMessage: "Signature" },
  yourSignature: { id: "public.portal.report.yourSignature", defaultMessage: "Your signature" },
  notPresent: { id: "public.portal.report.notPresent", defaultMessage: "You were not present to sign." },
  notSigned: { id: "public.portal.report.notSigned", defaultMessage: "The report was not signed." },
});

/** The service report of a completed visit: times, checklist, the technician's notes, photos and the signature. */
export function VisitReport({ visit, timeZone }: { visit: PortalVisitDetails; timeZone: string }) {
  const words = useTranslator();
  const { t } = words;
  const befores = visit.photos.filter((p) => p.kind === "before");
  const afters = visit.photos.filter((p) => p.kind === "after");
  return (
    <section className="card portal-card" aria-labelledby="portal-report">
      <h2 id="portal-report">{t(m.title)}</h2>
      {(visit.began || visit.ended) && (
        <p>
          {visit.began && t(m.began, { time: clockText(visit.began, timeZone, words) })}
          {visit.began && visit.ended && " · "}
          {visit.ended && t(m.ended, { time: clockText(visit.ended, timeZone, words) })}
        </p>
      )}
      <ol className="portal-stages">
        {visit.visit.history.map((h) => (
          <li key={`${h.stage}-${h.at}`}>
            {STAGE_MESSAGES[h.stage] ? t(STAGE_MESSAGES[h.stage]!) : STAGE_WORDS[h.stage]}{" "}
            <span className="portal-muted">{momentText(h.at, timeZone, words)}</span>
          </li>
        ))}
      </ol>
      {visit.checklist.length > 0 && (
        <>
          <h3>{t(m.checklist)}</h3>
          <ul className="portal-checklist">
            {visit.checklist.map((item) => (
              <li key={item._id} className={item.done ? "is-done" : undefined}>
                <span aria-hidden="true">{item.done ? "✓" : "–"}</span> {item.label}
                {!item.done && <span className="portal-muted"> {t(m.notDone)}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {visit.notes.length > 0 && (
        <>
          <h3>{t(m.notes)}</h3>
          {visit.notes.map((n) => (
            <p key={n._id} className="portal-note">
              {n.text}
            </p>
          ))}
        </>
      )}
      <PhotoGroup label={t(m.before)} photos={befores} alt={(n) => t(m.beforePhoto, { n })} />
      <PhotoGroup label={t(m.after)} photos={afters} alt={(n) => t(m.afterPhoto, { n })} />
      <h3>{t(m.signature)}</h3>
      {visit.signature ? (
        <PortalPhoto url={visit.signature.url} alt={t(m.yourSignature)} />
      ) : (
        <p className="portal-muted">{t(visit.visit.customerNotPresent ? m.notPresent : m.notSigned)}</p>
      )}
    </section>
  );
}

function PhotoGroup(props: { label: string; photos: PortalVisitDetails["photos"]; alt: (n: number) => string }) {
  const { label, photos, alt } = props;
  if (photos.length === 0) return null;
  return (
    <>
      <h3>{label}</h3>
      <div className="portal-photos">
        {photos.map((p, i) => (
          <PortalPhoto key={p._id} url={p.url} alt={alt(i + 1)} />
        ))}
      </div>
    </>
  );
}
