import type { Booking } from "@contracts/bookings/booking.ts";
import { type Page, PAGE_LIMIT_MAX } from "@contracts/common/page.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { request } from "../../lib/http.ts";

/**
 * The technician's own jobs from `today` (the business's date) on, soonest first. The server keeps a technician's
 * list to their own jobs; every page is read, as a technician's coming jobs are few.
 */
export async function fetchMyJobs(today: string): Promise<Booking[]> {
  const jobs: Booking[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ from: today, sort: "date", limit: String(PAGE_LIMIT_MAX) });
    if (cursor) query.set("cursor", cursor);
    const page: Page<Booking> = await request<Page<Booking>>(`/api/bookings?${query}`, { auth: true });
    jobs.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return jobs;
}

export const fetchJob = (id: string) => request<JobDetails>(`/api/bookings/${encodeURIComponent(id)}`, { auth: true });
