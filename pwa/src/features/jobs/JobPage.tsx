// First, so that the screen's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import { lazy, Suspense } from "react";
import { useParams } from "react-router-dom";
import { LoadState } from "../../components/LoadState.tsx";
import { JobHeader } from "./JobHeader.tsx";
import { useJob } from "./useJob.ts";
import "./JobPage.css";

// The screen's panels, started with this module so they download while the job is read from the device or the
// server: the first paint (the header and "Loading the job...") does not wait for them.
const screen = import("./JobScreen.tsx");
const JobScreen = lazy(() => screen.then((m) => ({ default: m.JobScreen })));

/**
 * /jobs/{id}: one job for its technician, usable with no signal. Everything done here is kept on the device first
 * (the one offline queue) and shown at once, marked as waiting until the server has it.
 */
export default function JobPage() {
  const { id = "" } = useParams();
  const { load, waiting } = useJob(id);
  if (load.state === "ready") {
    return (
      <Suspense fallback={<JobHeader title="Job" />}>
        <JobScreen {...load.data} waiting={waiting} onSent={load.refresh} />
      </Suspense>
    );
  }
  return (
    <div className="adm adm-dashboard job">
      <JobHeader title="Job" />
      <LoadState
        load={load}
        loading="Loading the job..."
        notFound={(error) => `${error.message} It may have been given to another technician or removed by the office.`}
        failed="This job is not on this device and the server cannot be reached. Open it again when you have signal."
      />
    </div>
  );
}
