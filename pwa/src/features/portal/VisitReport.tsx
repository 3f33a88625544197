import type { PortalVisitDetails } from "@contracts/portal/portal.ts";
import { clockText, momentText, STAGE_WORDS } from "./format.ts";
import { PortalPhoto } from "./PortalPhoto.tsx";

/** The service report of a completed visit: times, checklist, the technician's notes, photos and the signature. */
export function VisitReport({ visit, timeZone }: { visit: PortalVisitDetails; timeZone: string }) {
  const befores = visit.photos.filter((p) => p.kind === "before");
  const afters = visit.photos.filter((p) => p.kind === "after");
  return (
    <section className="card portal-card" aria-labelledby="portal-report">
      <h2 id="portal-report">Service report</h2>
      {(visit.began || visit.ended) && (
        <p>
          {visit.began && <>Work began {clockText(visit.began, timeZone)}</>}
          {visit.began && visit.ended && " · "}
          {visit.ended && <>ended {clockText(visit.ended, timeZone)}</>}
        </p>
      )}
      <ol className="portal-stages">
        {visit.visit.history.map((h) => (
          <li key={`${h.stage}-${h.at}`}>
            {STAGE_WORDS[h.stage]} <span className="portal-muted">{momentText(h.at, timeZone)}</span>
          </li>
        ))}
      </ol>
      {visit.checklist.length > 0 && (
        <>
          <h3>Checklist</h3>
          <ul className="portal-checklist">
            {visit.checklist.map((item) => (
              <li key={item._id} className={item.done ? "is-done" : undefined}>
                <span aria-hidden="true">{item.done ? "✓" : "–"}</span> {item.label}
                {!item.done && <span className="portal-muted"> (not done)</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {visit.notes.length > 0 && (
        <>
          <h3>Technician's notes</h3>
          {visit.notes.map((n) => (
            <p key={n._id} className="portal-note">
              {n.text}
            </p>
          ))}
        </>
      )}
      <PhotoGroup label="Before" photos={befores} />
      <PhotoGroup label="After" photos={afters} />
      <h3>Signature</h3>
      {visit.signature ? (
        <PortalPhoto url={visit.signature.url} alt="Your signature" />
      ) : (
        <p className="portal-muted">
          {visit.visit.customerNotPresent ? "You were not present to sign." : "The report was not signed."}
        </p>
      )}
    </section>
  );
}

function PhotoGroup({ label, photos }: { label: string; photos: PortalVisitDetails["photos"] }) {
  if (photos.length === 0) return null;
  return (
    <>
      <h3>{label}</h3>
      <div className="portal-photos">
        {photos.map((p, i) => (
          <PortalPhoto key={p._id} url={p.url} alt={`${label} photo ${i + 1}`} />
        ))}
      </div>
    </>
  );
}
