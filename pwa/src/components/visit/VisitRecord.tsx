import { PHOTO_KIND_LABELS, PHOTO_KINDS, VISIT_STAGE_LABELS } from "@contracts/visit/visit.ts";
import { formatVisitTime, sentLate } from "./visitTime.ts";
import { useImageSource } from "../../lib/staffImages.ts";
import type { VisitView } from "./visitView.ts";
import "./VisitRecord.css";

const WAITING = "Waiting to be sent";

function VisitImage({ source, alt, className }: { source: string | Blob; alt: string; className?: string }) {
  const { src, failed } = useImageSource(source);
  if (failed) return <span className="visit-image visit-image--missing">Not available offline</span>;
  return src ? (
    <img className={`visit-image ${className ?? ""}`} src={src} alt={alt} />
  ) : (
    <span className="visit-image visit-image--loading" aria-label={`${alt} (loading)`} />
  );
}

/**
 * The record of a visit: its stages with who and when, the checklist, the notes, the before/after photos and the
 * signature. The office reads it in a booking's details; the technician on the job screen, with what their device
 * still holds, and without the checklist (`withChecklist` false), which that screen shows where it is ticked.
 */
export function VisitRecord({
  view,
  timeZone,
  withChecklist = true,
}: {
  view: VisitView;
  timeZone: string;
  withChecklist?: boolean;
}) {
  return (
    <div className="visit-record">
      <section aria-labelledby="visit-history">
        <h3 id="visit-history" className="visit-record__title">
          Visit
        </h3>
        {view.history.length === 0 ? (
          <p className="visit-record__empty">Not started yet.</p>
        ) : (
          <ol className="visit-record__history">
            {view.history.map((entry) => (
              <li key={entry.key}>
                <strong>{VISIT_STAGE_LABELS[entry.stage]}</strong> — {formatVisitTime(entry.at, timeZone)}
                {sentLate(entry, timeZone)}
                {entry.by && <span className="visit-record__by"> by {entry.by}</span>}
                {entry.waiting && <span className="visit-record__waiting">{WAITING}</span>}
              </li>
            ))}
          </ol>
        )}
      </section>

      {withChecklist && view.checklist.length > 0 && (
        <section aria-labelledby="visit-checklist">
          <h3 id="visit-checklist" className="visit-record__title">
            Checklist ({view.checklist.filter((i) => i.done).length} of {view.checklist.length})
          </h3>
          <ul className="visit-record__checklist">
            {view.checklist.map((item) => (
              <li key={item.key} className={item.done ? "visit-record__done" : undefined}>
                <span aria-hidden="true" className="visit-record__mark">
                  {item.done ? "✓" : "○"}
                </span>
                <span className="visually-hidden">{item.done ? "Done: " : "Not done: "}</span>
                {item.label}
                {!item.required && <span className="visit-record__by"> (optional)</span>}
                {item.done && item.at && (
                  <span className="visit-record__by">
                    {" "}
                    — {formatVisitTime(item.at, timeZone)}
                    {sentLate({ at: item.at, receivedAt: item.receivedAt ?? undefined }, timeZone)}
                  </span>
                )}
                {item.waiting && <span className="visit-record__waiting">{WAITING}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="visit-notes">
        <h3 id="visit-notes" className="visit-record__title">
          Notes ({view.notes.length})
        </h3>
        {view.notes.length === 0 ? (
          <p className="visit-record__empty">No notes yet.</p>
        ) : (
          <ul className="visit-record__notes">
            {view.notes.map((note) => (
              <li key={note.key}>
                <p className="visit-record__note-text">{note.text}</p>
                <p className="visit-record__by">
                  {note.by ? `${note.by}, ` : ""}
                  {formatVisitTime(note.at, timeZone)}
                  {sentLate(note, timeZone)}
                  {note.waiting && <span className="visit-record__waiting">{WAITING}</span>}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="visit-photos">
        <h3 id="visit-photos" className="visit-record__title">
          Photos ({view.photos.length})
        </h3>
        {view.photos.length === 0 && <p className="visit-record__empty">No photos yet.</p>}
        {PHOTO_KINDS.map((kind) => {
          const photos = view.photos.filter((photo) => photo.kind === kind);
          if (photos.length === 0) return null;
          return (
            <div key={kind} className="visit-record__photo-group">
              <h4>{PHOTO_KIND_LABELS[kind]}</h4>
              <ul className="visit-record__photos">
                {photos.map((photo, i) => (
                  <li key={photo.key}>
                    <VisitImage source={photo.source} alt={`${PHOTO_KIND_LABELS[kind]} photo ${i + 1}`} />
                    {photo.waiting && <span className="visit-record__waiting">{WAITING}</span>}
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </section>

      <section aria-labelledby="visit-signature">
        <h3 id="visit-signature" className="visit-record__title">
          Signature
        </h3>
        {view.signature ? (
          <div className="visit-record__signature">
            <VisitImage source={view.signature.source} alt="Customer's signature" className="visit-image--signature" />
            {view.signature.waiting && <span className="visit-record__waiting">{WAITING}</span>}
          </div>
        ) : (
          <p className="visit-record__empty">
            {view.customerNotPresent
              ? "Customer not present."
              : view.stage === "completed"
                ? "Not signed."
                : "Not yet."}
          </p>
        )}
      </section>
    </div>
  );
}
