import { formatMoney } from "@contracts/common/money.ts";
import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import { MAX_NOTE_LENGTH, type PhotoKind, type VisitStage } from "@contracts/visit/visit.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { useState, type ReactNode } from "react";
import { DetailList } from "../../components/DetailList.tsx";
import { Panel } from "../../components/Panel.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { formatVisitTime } from "../../components/visit/visitTime.ts";
import type { VisitView } from "../../components/visit/visitView.ts";
import { formatAddress, formatDateTime, fullName, serviceName } from "../../lib/format.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { telHref } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import { dismissWork, type WaitingWork } from "./jobQueue.ts";
import { workLabel } from "./workLabel.ts";
import { PhotoPicker } from "./parts/PhotoPicker.tsx";

// The parts of the job screen (JobScreen.tsx), each one panel.

const directionsUrl = (job: JobDetails) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(formatAddress(job))}`;

const messages = defineMessages({
  onMyWay: { id: "field.job.onMyWay", defaultMessage: "On My Way" },
  startJob: { id: "field.job.startJob", defaultMessage: "Start Job" },
  completeJob: { id: "field.job.completeJob", defaultMessage: "Complete Job" },
  waitingTitle: { id: "field.job.waitingTitle", defaultMessage: "Waiting to be sent ({count})" },
  notSent: { id: "field.job.notSent", defaultMessage: "Not sent: {work}." },
  dismiss: { id: "field.job.dismiss", defaultMessage: "Dismiss" },
  job: { id: "field.job.details", defaultMessage: "Job", description: "Title of the job's facts panel" },
  customer: { id: "field.job.customer", defaultMessage: "Customer" },
  address: { id: "field.job.address", defaultMessage: "Address" },
  directions: { id: "field.job.directions", defaultMessage: "{address} (directions)" },
  dateTime: { id: "field.job.dateTime", defaultMessage: "Date & Time" },
  service: { id: "field.job.service", defaultMessage: "Service" },
  units: { id: "field.job.units", defaultMessage: "Units" },
  unitType: { id: "field.job.unitType", defaultMessage: "Unit Type" },
  notApplicable: { id: "field.job.notApplicable", defaultMessage: "N/A" },
  price: { id: "field.job.price", defaultMessage: "Price" },
  comment: { id: "field.job.comment", defaultMessage: "Customer's comment" },
  needs: { id: "field.job.needs", defaultMessage: "Complete Job needs: {missing}." },
  beforePhoto: { id: "field.job.needsBefore", defaultMessage: "a Before photo" },
  afterPhoto: { id: "field.job.needsAfter", defaultMessage: "an After photo" },
  checklist: { id: "field.job.checklist", defaultMessage: "Checklist" },
  optional: { id: "field.job.optional", defaultMessage: "{item} (optional)" },
  waiting: { id: "field.job.waiting", defaultMessage: "Waiting to be sent" },
  notesAndPhotos: { id: "field.job.notesAndPhotos", defaultMessage: "Notes and photos" },
  note: { id: "field.job.note", defaultMessage: "Note" },
  addNote: { id: "field.job.addNote", defaultMessage: "Add Note" },
});

/** The buttons that move a visit on, each shown while it applies. */
const NEXT_STEPS: { label: MessageDescriptor; to: VisitStage; from: readonly VisitStage[] }[] = [
  { label: messages.onMyWay, to: "en_route", from: ["scheduled"] },
  { label: messages.startJob, to: "on_site", from: ["scheduled", "en_route"] },
];

/** What completionMissing names besides the checklist's own items (which are the service's words). */
const MISSING_PHOTOS: Record<string, MessageDescriptor> = {
  "a Before photo": messages.beforePhoto,
  "an After photo": messages.afterPhoto,
};

/** The work still on this device, and what the server refused, each refusal until dismissed. */
export function WaitingList({ waiting }: { waiting: readonly WaitingWork[] }) {
  const { t } = useTranslator();
  const pending = waiting.filter((w) => w.state === "pending");
  const refused = waiting.filter((w) => w.state !== "pending");
  if (pending.length === 0 && refused.length === 0) return null;
  return (
    <Panel id="job-waiting" title={t(messages.waitingTitle, { count: pending.length })} className="job__waiting">
      <ul>
        {pending.map((w) => (
          <li key={w.id}>{workLabel(w.work, t)}</li>
        ))}
        {refused.map((w) => (
          <li key={w.id} className="job__refused" role="alert">
            <span>
              <strong>{t(messages.notSent, { work: workLabel(w.work, t) })}</strong> {w.error}
            </span>
            <button type="button" className="btn btn-outline" onClick={() => void dismissWork(w.id)}>
              {t(messages.dismiss)}
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

interface FactsProps {
  job: JobDetails;
  stage: VisitStage;
  cancelled: boolean;
  busy: boolean;
  /** What still keeps Complete Job disabled. */
  missing: readonly string[];
  problem: string | null;
  onStep: (to: VisitStage) => void;
  onComplete: () => void;
}

/** Who, where, when and what, and the button for the next step. */
export function JobFacts({ job, stage, cancelled, busy, missing, problem, onStep, onComplete }: FactsProps) {
  const { t } = useTranslator();
  const { services } = useServices();
  const items: [string, ReactNode][] = [
    [t(messages.customer), <a href={telHref(job.contactNumber)}>{`${fullName(job)} · ${job.contactNumber}`}</a>],
    [
      t(messages.address),
      <a href={directionsUrl(job)} target="_blank" rel="noreferrer">
        {t(messages.directions, { address: formatAddress(job) })}
      </a>,
    ],
    [t(messages.dateTime), formatDateTime(job)],
    [t(messages.service), serviceName(job.serviceType, services)],
    [t(messages.units), job.unitCount],
    [t(messages.unitType), job.furnaceOrUnit || t(messages.notApplicable)],
    [t(messages.price), formatMoney(Number(job.estimatedPrice) || 0)],
  ];
  if (job.comment?.trim()) items.push([t(messages.comment), <span className="job__comment">{job.comment}</span>]);
  const missingWords = missing.map((m) => (MISSING_PHOTOS[m] ? t(MISSING_PHOTOS[m]) : m));
  const working = !cancelled && stage !== "completed";
  const blocked = working && stage === "on_site" && missing.length > 0;

  return (
    <Panel id="job-details" title={t(messages.job)}>
      <DetailList items={items} />
      {working && (
        <div className="job__steps">
          {NEXT_STEPS.filter((step) => step.from.includes(stage)).map((step) => (
            <button
              key={step.to}
              type="button"
              className="btn btn-primary job__step"
              disabled={busy}
              onClick={() => onStep(step.to)}
            >
              {t(step.label)}
            </button>
          ))}
          {stage === "on_site" && (
            <button
              type="button"
              className="btn btn-accent job__step"
              disabled={busy || missing.length > 0}
              aria-describedby={blocked ? "job-missing" : undefined}
              onClick={onComplete}
            >
              {t(messages.completeJob)}
            </button>
          )}
        </div>
      )}
      {blocked && (
        <p id="job-missing" className="job__missing">
          {t(messages.needs, { missing: missingWords.join(", ") })}
        </p>
      )}
      {problem && (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      )}
    </Panel>
  );
}

type ChecklistItem = VisitView["checklist"][number];

/** The service's checklist, ticked here; each tick is kept on the device first, like all the work. */
export function JobChecklist({
  items,
  timeZone,
  disabled,
  onTick,
}: {
  items: readonly ChecklistItem[];
  timeZone: string;
  disabled: boolean;
  onTick: (item: ChecklistItem, done: boolean) => void;
}) {
  const { t } = useTranslator();
  if (items.length === 0) return null;
  return (
    <Panel id="job-checklist" title={t(messages.checklist)}>
      <ul className="job__checklist">
        {items.map((item) => (
          <li key={item.key}>
            <label className="job__check">
              <input
                type="checkbox"
                checked={item.done}
                disabled={disabled}
                onChange={(e) => onTick(item, e.target.checked)}
              />
              <span>
                {item.required ? item.label : t(messages.optional, { item: item.label })}
                {item.done && item.at && <span className="job__check-time"> {formatVisitTime(item.at, timeZone)}</span>}
                {item.waiting && <span className="visit-record__waiting">{t(messages.waiting)}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** A note to add, and the photo picker. */
export function NotesAndPhotos({
  busy,
  onNote,
  onPhoto,
}: {
  busy: boolean;
  /** Rejects when the note could not be kept: it then stays in the field. */
  onNote: (text: string) => Promise<void>;
  onPhoto: (photo: { kind: PhotoKind; blob: Blob; at: string }) => Promise<void>;
}) {
  const { t } = useTranslator();
  const [note, setNote] = useState("");
  const addNote = () => {
    const text = note.trim();
    if (!text) return;
    onNote(text).then(
      () => setNote(""),
      () => undefined,
    );
  };
  return (
    <Panel id="job-work" title={t(messages.notesAndPhotos)}>
      <form
        className="job__note"
        onSubmit={(e) => {
          e.preventDefault();
          addNote();
        }}
      >
        <TextField
          id="job-note"
          label={t(messages.note)}
          rows={3}
          maxLength={MAX_NOTE_LENGTH}
          value={note}
          onChange={setNote}
          className="job__note-field"
        />
        <button type="submit" className="btn btn-outline job__step" disabled={busy || !note.trim()}>
          {t(messages.addNote)}
        </button>
      </form>
      <PhotoPicker onPhoto={onPhoto} />
    </Panel>
  );
}
