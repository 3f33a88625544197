import type { JobDetails } from "@contracts/visit/job.ts";
import type { AuditEntry } from "@contracts/audit/audit.ts";
import type { Booking } from "@contracts/bookings/booking.ts";
import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Page } from "@contracts/common/paging.ts";
import type { BookingDeleted } from "@contracts/realtime/events.ts";
import type { MailRecord } from "@contracts/outbox/mail.ts";
import type { BookingEdit } from "@contracts/bookings/schemas.ts";
import { request } from "../../lib/http.ts";

// Every call here is an admin call: it sends the Bearer token, and a 401 ends the session.

/** One page of the office's bookings (GET /api/bookings with listQuery's filters, search, sort and cursor). */
export function fetchBookingsPage(query: string): Promise<Page<Booking>> {
  return request<Page<Booking>>(query ? `/api/bookings?${query}` : "/api/bookings", { auth: true });
}

/** One booking as staff read it: with its visit's stages, notes, photos and signature. */
export function fetchBooking(id: string): Promise<JobDetails> {
  return request<JobDetails>(`/api/bookings/${encodeURIComponent(id)}`, { auth: true });
}

export async function updateBooking(id: string, edit: BookingEdit): Promise<Booking> {
  const answer = await request<DataEnvelope<Booking>>(`/api/bookings/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: edit,
    auth: true,
  });
  return answer.data;
}

export async function deleteBooking(id: string): Promise<BookingDeleted> {
  const answer = await request<DataEnvelope<Partial<BookingDeleted>> | null>(
    `/api/bookings/${encodeURIComponent(id)}`,
    { method: "DELETE", auth: true },
  );
  return { _id: id, updatedAt: answer?.data?.updatedAt ?? new Date().toISOString() };
}

/** Admin changes of a booking, newest first (also once it is deleted). */
export function fetchBookingHistory(id: string): Promise<AuditEntry[]> {
  return request<AuditEntry[]>(`/api/bookings/${encodeURIComponent(id)}/history`, { auth: true });
}

/** The e-mails sent (or waiting) about a booking, oldest first. */
export function fetchBookingMail(id: string): Promise<MailRecord[]> {
  return request<MailRecord[]>(`/api/bookings/${encodeURIComponent(id)}/mail`, { auth: true });
}

/** Queues a failed e-mail again (POST /api/mail/{id}/resend); answers the message as it is now. */
export async function resendMail(id: string): Promise<MailRecord> {
  const answer = await request<DataEnvelope<MailRecord>>(`/api/mail/${encodeURIComponent(id)}/resend`, {
    method: "POST",
    auth: true,
  });
  return answer.data;
}

/** PUT /api/bookings/{id}/assignment: gives the job to a technician, or takes it back with null. */
export async function assignJob(bookingId: string, technicianId: string | null): Promise<Booking> {
  const answer = await request<DataEnvelope<Booking>>(`/api/bookings/${encodeURIComponent(bookingId)}/assignment`, {
    method: "PUT",
    body: { technicianId },
    auth: true,
  });
  return answer.data;
}
