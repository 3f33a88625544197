import type { Booking } from "@contracts/bookings/booking.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { request } from "../../lib/http.ts";

export const fetchMyJobs = () => request<Booking[]>("/api/bookings", { auth: true });

export const fetchJob = (id: string) => request<JobDetails>(`/api/bookings/${encodeURIComponent(id)}`, { auth: true });
