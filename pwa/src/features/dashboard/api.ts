import type { AuditEntry, Booking, DataEnvelope, Service } from "@contracts/entities.ts";
import type { BookingDeleted } from "@contracts/events.ts";
import type { ContactMessage, MailRecord } from "@contracts/mail.ts";
import type { BookingEdit, ServiceInput } from "@contracts/schemas.ts";
import { request } from "../../lib/http.ts";

// Every call here is an admin call: it sends the Bearer token, and a 401 ends the session.

export function fetchBookings(since?: string): Promise<Booking[]> {
  const query = since ? `?since=${encodeURIComponent(since)}` : "";
  return request<Booking[]>(`/api/bookings${query}`, { auth: true });
}

/** Bookings deleted after `since`: the catch-up's other half, since a deleted booking is absent from fetchBookings. */
export function fetchDeletedBookings(since: string): Promise<BookingDeleted[]> {
  return request<BookingDeleted[]>(`/api/bookings/deleted?since=${encodeURIComponent(since)}`, { auth: true });
}

export function fetchBooking(id: string): Promise<Booking> {
  return request<Booking>(`/api/bookings/${encodeURIComponent(id)}`, { auth: true });
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

export function fetchServices(): Promise<Service[]> {
  return request<Service[]>("/api/services", { auth: true });
}

export async function saveService(input: ServiceInput, id?: string): Promise<Service> {
  const path = id ? `/api/services/${encodeURIComponent(id)}` : "/api/services";
  const answer = await request<DataEnvelope<Service>>(path, { method: id ? "PUT" : "POST", body: input, auth: true });
  return answer.data;
}

export async function deleteService(id: string): Promise<void> {
  await request<unknown>(`/api/services/${encodeURIComponent(id)}`, { method: "DELETE", auth: true });
}

/** Contact messages, newest first. */
export function fetchContactMessages(): Promise<ContactMessage[]> {
  return request<ContactMessage[]>("/api/contact", { auth: true });
}

export async function markMessageRead(id: string, read: boolean): Promise<ContactMessage> {
  const answer = await request<DataEnvelope<ContactMessage>>(`/api/contact/${encodeURIComponent(id)}/read`, {
    method: "PUT",
    body: { read },
    auth: true,
  });
  return answer.data;
}

/** The e-mails sent (or waiting) about a booking, oldest first. */
export function fetchBookingMail(id: string): Promise<MailRecord[]> {
  return request<MailRecord[]>(`/api/bookings/${encodeURIComponent(id)}/mail`, { auth: true });
}
