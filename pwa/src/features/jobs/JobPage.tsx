// First, so that the screen's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import { formatMoney } from "@contracts/common/money.ts";
import { completionMissing, completionRefusal } from "@contracts/visit/checklists.ts";
import { MAX_NOTE_LENGTH, VISIT_STAGE_LABELS, type VisitStage } from "@contracts/visit/visit.ts";
import { type JobDetails } from "@contracts/visit/job.ts";
import { useState, type ReactNode } from "react";
import { useParams } from "react-router-dom";
import { Link } from "../../components/Link.tsx";
import { TextField } from "../../components/booking-fields/TextField.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { VisitRecord } from "../../components/visit/VisitRecord.tsx";
import { failureText } from "../../lib/http.ts";
import { formatAddress, formatDateTime, formatReceived, fullName, serviceName } from "../../lib/format.ts";
import { telHref, useProfile } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import { getUser } from "../../lib/session.ts";
import { CompleteJobDialog, type Completion } from "./CompleteJobDialog.tsx";
import { dismissWork, doJobWork, type JobWork } from "./jobQueue.ts";
import { currentStage, jobViewWithWaiting, workLabel } from "./jobView.ts";
import { PhotoPicker } from "./parts/PhotoPicker.tsx";
import { useJob } from "./useJob.ts";
import "./JobPage.css";

const directionsUrl = (job: JobDetails) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(formatAddress(job))}`;

/** The buttons that move a visit on, each shown while it applies. */
const NEXT_STEPS: { label: string; to: VisitStage; from: readonly VisitStage[] }[] = [
  { label: "On My Way", to: "en_route", from: ["scheduled"] },
  { label: "Start Job", to: "on_site", from: ["scheduled", "en_route"] },
];

/**
 * /jobs/{id}: one job for its technician, usable with no signal. Everything done here is kept on the device first
 * (the one offline queue) and shown at once, marked as waiting until the server has it.
 */
export default function JobPage() {
  const { id = "" } = useParams();
  const { load, waiting, reload } = useJob(id);
  const profile = useProfile();
  const { services } = useServices();
  const me = getUser()?.name ?? "";
  const [note, setNote] = useState("");
  const [completing, setCompleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const act = async (work: JobWork) => {
    setProblem(null);
    setBusy(true);
    try {
      // Sent at once: the screen shows the server's record; kept for later: it shows as waiting.
      if ((await doJobWork(work)) === "sent") void reload();
    } catch (error) {
      setProblem(failureText(error, { otherwise: "This could not be saved. Please try again." }));
      throw error;
    } finally {
      setBusy(false);
    }
  };

  if (load.state !== "ready")
    return (
      <div className="adm adm-dashboard job">
        <JobHeader title="Job" />
        {load.state === "loading" && (
          <p className="adm-empty" role="status">
            Loading the job...
          </p>
        )}
        {load.state === "gone" && (
          <p className="banner banner-error" role="alert">
            {load.message} It may have been given to another technician or removed by the office.
          </p>
        )}
        {load.state === "failed" && (
          <p className="banner banner-error" role="alert">
            This job is not on this device and the server cannot be reached. Open it again when you have signal.
          </p>
        )}
      </div>
    );

  const { job, keptAt } = load;
  const stage = currentStage(job, waiting);
  const view = jobViewWithWaiting(job, waiting, me);
  const pending = waiting.filter((w) => w.state === "pending");
  const refused = waiting.filter((w) => w.state !== "pending");
  const cancelled = job.status === "cancelled";
  // Field evidence (issue 21): what still keeps Complete Job disabled, counting what waits on this device.
  const missing = completionMissing(view.checklist, view.photos);

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

  const addNote = async () => {
    const text = note.trim();
    if (!text) return;
    await act({ type: "note", bookingId: job._id, text }).then(
      () => setNote(""),
      () => undefined,
    );
  };

  const complete = async ({ note: finalNote, signature, customerNotPresent }: Completion) => {
    if (signature) await act({ type: "signature", bookingId: job._id, blob: signature });
    await act({
      type: "stage",
      bookingId: job._id,
      stage: "completed",
      ...(finalNote ? { note: finalNote } : {}),
      ...(customerNotPresent ? { customerNotPresent } : {}),
    });
    setCompleting(false);
  };

  return (
    <div className="adm adm-dashboard job">
      <JobHeader title={fullName(job)}>
        <span className={`job__stage job__stage--${stage}`}>{VISIT_STAGE_LABELS[stage]}</span>
      </JobHeader>

      {keptAt && (
        <p className="banner job__offline" role="status">
          No connection: this is the job as of {formatReceived(keptAt)}. What you do is kept on this device and sent
          when the connection is back.
        </p>
      )}
      {cancelled && (
        <p className="banner banner-error" role="alert">
          This job was cancelled by the office.
        </p>
      )}

      {(pending.length > 0 || refused.length > 0) && (
        <section className="adm-panel job__waiting" aria-labelledby="job-waiting">
          <h2 id="job-waiting" className="adm-panel__title">
            Waiting to be sent ({pending.length})
          </h2>
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
        </section>
      )}

      <div className="job__layout">
        <section className="adm-panel" aria-labelledby="job-details">
          <h2 id="job-details" className="adm-panel__title">
            Job
          </h2>
          <DetailList items={items} />
          {!cancelled && stage !== "completed" && (
            <div className="job__steps">
              {NEXT_STEPS.filter((step) => step.from.includes(stage)).map((step) => (
                <button
                  key={step.to}
                  type="button"
                  className="btn btn-primary job__step"
                  disabled={busy}
                  onClick={() => void act({ type: "stage", bookingId: job._id, stage: step.to }).catch(() => undefined)}
                >
                  {step.label}
                </button>
              ))}
              {stage === "on_site" && (
                <button
                  type="button"
                  className="btn btn-accent job__step"
                  disabled={busy || missing.length > 0}
                  aria-describedby={missing.length > 0 ? "job-missing" : undefined}
                  onClick={() => setCompleting(true)}
                >
                  Complete Job
                </button>
              )}
            </div>
          )}
          {!cancelled && stage === "on_site" && missing.length > 0 && (
            <p id="job-missing" className="job__missing">
              {completionRefusal(missing)}.
            </p>
          )}
          {problem && (
            <p className="banner banner-error" role="alert">
              {problem}
            </p>
          )}
        </section>

        <div className="job__side">
          {view.checklist.length > 0 && (
            <section className="adm-panel" aria-labelledby="job-checklist">
              <h2 id="job-checklist" className="adm-panel__title">
                Checklist
              </h2>
              <ul className="job__checklist">
                {view.checklist.map((item) => (
                  <li key={item.key}>
                    <label className="job__check">
                      <input
                        type="checkbox"
                        checked={item.done}
                        disabled={busy || cancelled || stage === "completed"}
                        onChange={(e) =>
                          void act({
                            type: "checklist",
                            bookingId: job._id,
                            itemId: item.key,
                            label: item.label,
                            done: e.target.checked,
                          }).catch(() => undefined)
                        }
                      />
                      <span>
                        {item.label}
                        {item.required ? "" : " (optional)"}
                        {item.waiting && <span className="visit-record__waiting">Waiting to be sent</span>}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="adm-panel" aria-labelledby="job-work">
            <h2 id="job-work" className="adm-panel__title">
              Notes and photos
            </h2>
            <form
              className="job__note"
              onSubmit={(e) => {
                e.preventDefault();
                void addNote();
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
            <PhotoPicker
              onPhoto={({ kind, blob, at }) =>
                act({ type: "photo", bookingId: job._id, kind, blob, at }).then(() => undefined)
              }
            />
          </section>
        </div>
      </div>

      <section className="adm-panel job__record" aria-label="Visit record">
        <VisitRecord view={view} timeZone={profile.timeZone} />
      </section>

      {completing && <CompleteJobDialog onSave={complete} onClose={() => setCompleting(false)} />}
    </div>
  );
}

function JobHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="adm-dashboard__header job__header">
      <div>
        <Link to="/jobs" className="job__back">
          ← My Jobs
        </Link>
        <h1 className="adm-dashboard__title">{title}</h1>
      </div>
      {children}
    </header>
  );
}
