import { defineMessages } from "@contracts/i18n/messages.ts";
import { completionMissing } from "@contracts/visit/checklists.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { lazy, Suspense, useMemo, useState } from "react";
import { VisitRecord } from "../../components/visit/VisitRecord.tsx";
import { STAGE_MESSAGES } from "../../components/visit/visitMessages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { formatReceived, fullName, serviceName } from "../../lib/format.ts";
import { failureText } from "../../lib/http.ts";
import { useProfile } from "../../lib/profile.tsx";
import { getUser } from "../../lib/session.ts";
import { useServices } from "../../lib/services.ts";
import type { Completion } from "./CompleteJobDialog.tsx";
import { doJobWork, type JobWork, type WaitingWork } from "./jobQueue.ts";
import { JobHeader } from "./JobHeader.tsx";
import { JobChecklist, JobFacts, NotesAndPhotos, WaitingList } from "./JobPanels.tsx";
import { currentStage, jobViewWithWaiting } from "./jobView.ts";
import { storageWords } from "./storageWords.ts";
import { workLabel } from "./workLabel.ts";

// Shown once the visit is completed: its code stays out of the job screen's first load (the precache keeps it).
const InvoicePanel = lazy(() =>
  import("../../components/invoices/InvoicePanel.tsx").then((m) => ({ default: m.InvoicePanel })),
);
// Below the checklist and the notes, and opened at the end of the visit: their chunks start loading with this module
// and are drawn with the screen or just after it (the precache keeps both for a basement with no signal).
const estimatesPanel = import("../../components/estimates/EstimatesPanel.tsx");
const EstimatesPanel = lazy(() => estimatesPanel.then((m) => ({ default: m.EstimatesPanel })));
const completeJobDialog = import("./CompleteJobDialog.tsx");
const CompleteJobDialog = lazy(() => completeJobDialog.then((m) => ({ default: m.CompleteJobDialog })));

const messages = defineMessages({
  offline: {
    id: "field.job.offline",
    defaultMessage:
      "No connection: this is the job as of {time}. What you do is kept on this device and sent when the connection is back.",
  },
  cancelled: { id: "field.job.cancelled", defaultMessage: "This job was cancelled by the office." },
  notSaved: { id: "field.job.notSaved", defaultMessage: "This could not be saved. Please try again." },
  record: { id: "field.job.record", defaultMessage: "Visit record" },
});

interface Props {
  job: JobDetails;
  /** Shown from the device's copy of that time (no network); null when read from the server. */
  keptAt: string | null;
  waiting: WaitingWork[];
  /** Work was sent at once: read the job again, to show the server's record. */
  onSent: () => void;
}

/** A loaded job: what it is, the next step, the checklist, notes and photos, and the record of the visit. */
export function JobScreen({ job, keptAt, waiting, onSent }: Props) {
  const { t } = useTranslator();
  const { timeZone, taxRatePercent, taxLabel } = useProfile();
  const me = getUser()?.name ?? "";
  const [completing, setCompleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const stage = currentStage(job, waiting);
  const view = jobViewWithWaiting(job, waiting, me);
  const cancelled = job.status === "cancelled";
  // Work stops once the job is cancelled or done.
  const closed = cancelled || stage === "completed";
  // Field evidence: what still keeps Complete Job disabled, counting what waits on this device.
  const missing = completionMissing(view.checklist, view.photos);
  const { services } = useServices();
  const pricing = useMemo(
    () => ({ job, serviceTitle: serviceName(job.serviceType, services), tax: { taxRatePercent, taxLabel } }),
    [job, services, taxRatePercent, taxLabel],
  );
  // An invoice made offline follows the visit's completion still on the device: the server invoices completed jobs.
  const completion = waiting.find(
    (w) => w.state === "pending" && w.work.type === "stage" && w.work.stage === "completed",
  );

  /**
   * Keeps `work` on the device and sends it; a refusal is said on the screen (unless `quiet`: the caller says it)
   * and thrown to the caller, in words when the device could not keep it.
   */
  const act = async (work: JobWork, quiet = false) => {
    setProblem(null);
    setBusy(true);
    try {
      // Sent at once: the screen shows the server's record; kept for later: it shows as waiting.
      if ((await doJobWork({ ...work, jobName: fullName(job), what: workLabel(work, t) })) === "sent") onSent();
    } catch (error) {
      const thing = work.type === "checklist" ? "tick" : work.type === "stage" ? "step" : work.type;
      const kept = storageWords(error, thing, t);
      if (!quiet) setProblem(kept ?? failureText(error, { otherwise: t(messages.notSaved) }));
      throw kept ? new Error(kept, { cause: error }) : error;
    } finally {
      setBusy(false);
    }
  };

  const complete = async ({ note, signature, customerNotPresent }: Completion) => {
    if (signature) await act({ type: "signature", bookingId: job._id, blob: signature }, true);
    await act({
      type: "stage",
      bookingId: job._id,
      stage: "completed",
      ...(note ? { note } : {}),
      ...(customerNotPresent ? { customerNotPresent } : {}),
    });
    setCompleting(false);
  };

  return (
    <div className="adm adm-dashboard job">
      <JobHeader title={fullName(job)}>
        <span className={`job__stage job__stage--${stage}`}>{t(STAGE_MESSAGES[stage])}</span>
      </JobHeader>

      {keptAt && (
        <p className="banner job__offline" role="status">
          {t(messages.offline, { time: formatReceived(keptAt) })}
        </p>
      )}
      {cancelled && (
        <p className="banner banner-error" role="alert">
          {t(messages.cancelled)}
        </p>
      )}
      <WaitingList waiting={waiting} />

      {/* Once the work is done, getting paid is what is left: the invoice comes first. */}
      {(stage === "completed" || job.invoice) && (
        <Suspense fallback={null}>
          <InvoicePanel
            bookingId={job._id}
            invoice={job.invoice ?? null}
            pricing={pricing}
            canCreate={stage === "completed" && !cancelled}
            office={false}
            after={completion?.id}
            onChanged={onSent}
          />
        </Suspense>
      )}

      <div className="job__layout">
        <JobFacts
          job={job}
          stage={stage}
          busy={busy}
          cancelled={cancelled}
          missing={missing}
          problem={problem}
          onStep={(to) => void act({ type: "stage", bookingId: job._id, stage: to }).catch(() => undefined)}
          onComplete={() => setCompleting(true)}
        />
        <div className="job__side">
          <JobChecklist
            items={view.checklist}
            timeZone={timeZone}
            disabled={busy || closed}
            onTick={(item, done) =>
              void act({ type: "checklist", bookingId: job._id, itemId: item.key, label: item.label, done }).catch(
                () => undefined,
              )
            }
          />
          <NotesAndPhotos
            busy={busy}
            onNote={(text) => act({ type: "note", bookingId: job._id, text })}
            onPhoto={({ kind, blob, at }) => act({ type: "photo", bookingId: job._id, kind, blob, at }, true)}
          />
        </div>
      </div>

      <Suspense fallback={null}>
        <EstimatesPanel
          bookingId={job._id}
          estimates={job.estimates ?? []}
          office={false}
          closed={cancelled}
          tax={{ taxRatePercent, taxLabel }}
          me={me}
          onChanged={onSent}
        />
      </Suspense>

      {/* The checklist is above, where it is ticked: the record shows the rest of the visit. */}
      <section className="adm-panel job__record" aria-label={t(messages.record)}>
        <VisitRecord view={view} timeZone={timeZone} withChecklist={false} />
      </section>

      {completing && (
        <Suspense fallback={null}>
          <CompleteJobDialog onSave={complete} onClose={() => setCompleting(false)} t={t} />
        </Suspense>
      )}
    </div>
  );
}
