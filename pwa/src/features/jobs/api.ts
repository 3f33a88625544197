import type { Booking } from "@contracts/entities.ts";
import type { JobDetails } from "@contracts/visit.ts";
import { request } from "../../lib/http.ts";

export const fetchMyJobs = () => request<Booking[]>("/api/bookings", { auth: true });

export const fetchJob = (id: string) => request<JobDetails>(`/api/bookings/${encodeURIComponent(id)}`, { auth: true });
