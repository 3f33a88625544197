// What the actors did and what the server acknowledged, kept as they go: the day's checks hold the database, the
// SMTP peer and the dashboards against it.
import type { VisitStage } from "../../api/contracts/visit/visit.ts";

export interface JobRecord {
  bookingId: string;
  technicianId: string;
  /** Stages acknowledged, in the order the technician made them. */
  stages: VisitStage[];
  /** Photos taken on the device, by kind, whether or not they have reached the server yet. */
  photos: { before: number; after: number };
  notes: string[];
  ticks: string[];
  signed: boolean;
  /** The device's invoice acknowledged, and the amounts of the payments taken on site that were. */
  invoiced: boolean;
  payments: number[];
}

export class Ledger {
  /** Acknowledged new bookings: the customer's e-mail (one booking each) → the booking's id. */
  readonly bookings = new Map<string, string>();
  /** Bookings the day should end with cancelled, and those moved (their new date and time). */
  readonly cancelled = new Set<string>();
  readonly moved = new Map<string, { date: string; time: string }>();
  readonly confirmed = new Set<string>();
  /** The last acknowledged assignment of a booking (each booking has one admin, so "last" is well defined). */
  readonly assigned = new Map<string, string | null>();
  readonly jobs = new Map<string, JobRecord>();
  /** Writes the server refused (4xx) although the day's rules say they should pass: each is a write lost. */
  readonly refused: string[] = [];

  refuse(what: string, status: number, body: unknown) {
    this.refused.push(`${what}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
  }
}
