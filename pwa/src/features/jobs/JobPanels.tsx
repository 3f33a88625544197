import { formatMoney } from "@contracts/common/money.ts";
import { completionRefusal } from "@contracts/visit/checklists.ts";
import { MAX_NOTE_LENGTH, type PhotoKind, type VisitStage } from "@contracts/visit/visit.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { useState, type ReactNode } from "react";
import { DetailList } from "../../components/DetailList.tsx";
import { Link } from "../../components/Link.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { Panel } from "../../components/Panel.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { formatVisitTime } from "../../components/visit/visitTime.ts";
import type { VisitView } from "../../components/visit/visitView.ts";
import { formatAddress, formatDateTime, fullName, serviceName } from "../../lib/format.ts";
import { telHref } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import { dismissWork, type WaitingWork } from "./jobQueue.ts";
import { workLabel } from "./workLabel.ts";
import { PhotoPicker } from "./parts/PhotoPicker.tsx";

// The parts of the job screen (JobScreen.tsx), each one panel.

const directionsUrl = (job: JobDetails) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(formatAddress(job))}`;

/** The buttons that move a visit on, each shown while it applies. */
const NEXT_STEPS: { label: string; to: VisitStage; from: readonly VisitStage[] }[] = [
  { label: "On My Way", to: "en_route", from: ["scheduled"] },
  { label: "Start Job", to: "on_site", from: ["scheduled", "en_route"] },
];

export function JobHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PageHeader
      className="job__header"
      title={title}
      back={
        <Link to="/jobs" className="job__back">
          ← My Jobs
        </Link>
      }
      actions={children}
    />
  );
}

/** The work still on this device, and what the server refused, each refusal until dismissed. */
export function WaitingList({ waiting }: { waiting: readonly WaitingWork[] }) {
  const pending = waiting.filter((w) => w.state === "pending");
  const refused = waiting.filter((w) => w.state !== "pending");
  if (pending.length === 0 && refused.length === 0) return null;
  return (
    <Panel id="job-waiting" title={`Waiting to be sent (${pending.length})`} className="job__waiting">
      <ul>
        {pending.map((w) => (
          <li key={w.id}>{workLabel(w.work)}</li>
        ))}
        {refused.map((w) => (
          <li key={w.id} className="job__refused" role="alert">
            <span>
              <strong>Not sent: {workLabel(w.work)}.</strong> {w.error}
            </span>
            <button type="button" className="btn btn-outline" onClick={() => void dismissWork(w.id)}>
              Dismiss
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
  const { services } = useServices();
  const items: [string, ReactNode][] = [
    ["Customer", <a href={telHref(job.contactNumber)}>{`${fullName(job)} · ${job.contactNumber}`}</a>],
    [
      "Address",
      <a href={directionsUrl(job)} target="_blank" rel="noreferrer">
        {formatAddress(job)} (directions)
      </a>,
    ],
    ["Date & Time", formatDateTime(job)],
    ["Service", serviceName(job.serviceType, services)],
    ["Units", job.unitCount],
    ["Unit Type", job.furnaceOrUnit || "N/A"],
    ["Price", formatMoney(Number(job.estimatedPrice) || 0)],
  ];
  if (job.comment?.trim()) items.push(["Customer's comment", <span className="job__comment">{job.comment}</span>]);
  const working = !cancelled && stage !== "completed";
  const blocked = working && stage === "on_site" && missing.length > 0;

  return (
    <Panel id="job-details" title="Job">
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
              {step.label}
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
              Complete Job
            </button>
          )}
        </div>
      )}
      {blocked && (
        <p id="job-missing" className="job__missing">
          {completionRefusal(missing)}.
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
  if (items.length === 0) return null;
  return (
    <Panel id="job-checklist" title="Checklist">
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
                {item.label}
                {item.required ? "" : " (optional)"}
                {item.done && item.at && <span className="job__check-time"> {formatVisitTime(item.at, timeZone)}</span>}
                {item.waiting && <span className="visit-record__waiting">Waiting to be sent</span>}
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
    <Panel id="job-work" title="Notes and photos">
      <form
        className="job__note"
        onSubmit={(e) => {
          e.preventDefault();
          addNote();
        }}
      >
        <TextField
          id="job-note"
          label="Note"
          rows={3}
          maxLength={MAX_NOTE_LENGTH}
          value={note}
          onChange={setNote}
          className="job__note-field"
        />
        <button type="submit" className="btn btn-outline job__step" disabled={busy || !note.trim()}>
          Add Note
        </button>
      </form>
      <PhotoPicker onPhoto={onPhoto} />
    </Panel>
  );
}
