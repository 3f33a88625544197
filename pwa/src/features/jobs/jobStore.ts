import { addDays } from "@contracts/schedule/dates.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { db, type StoredJob } from "../../lib/offline-queue/db.ts";
import { getToken } from "../../lib/session.ts";

/** How far ahead a technician's jobs are kept on the device for a day without signal. */
export const OFFLINE_DAYS = 7;

/**
 * Keeps the technician's jobs as last loaded, replacing the whole set so a job taken away is forgotten too. Only
 * while someone is signed in: a save still on its way at logout must not bring the customer data back.
 */
export async function keepJobs(jobs: readonly JobDetails[], syncedAt = new Date().toISOString()): Promise<void> {
  const database = await db();
  if (!getToken()) return;
  const tx = database.transaction("jobs", "readwrite");
  await tx.store.clear();
  await Promise.all([...jobs.map((job) => tx.store.put({ job, syncedAt })), tx.done]);
}

/** Keeps one job as just loaded (the job screen), next to the others. */
export async function keepJob(job: JobDetails): Promise<void> {
  const database = await db();
  if (!getToken()) return;
  await database.put("jobs", { job, syncedAt: new Date().toISOString() });
}

export async function keptJob(id: string): Promise<StoredJob | null> {
  return (await (await db()).get("jobs", id)) ?? null;
}

export async function keptJobs(): Promise<StoredJob[]> {
  return (await db()).getAll("jobs");
}

/** The jobs of today and the next OFFLINE_DAYS days (ISO dates compare as text). */
export function withinOfflineDays<T extends { cleaningDate: string }>(jobs: readonly T[], today: string): T[] {
  const until = addDays(today, OFFLINE_DAYS);
  return jobs.filter((job) => job.cleaningDate >= today && job.cleaningDate <= until);
}
