import type { AuditAction } from "../../../contracts/audit/audit.ts";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import { isVisitOver, visitStart } from "../../../contracts/bookings/manage.ts";
import type { Actor } from "../../../contracts/common/actor.ts";
import { staffNotices } from "../../../contracts/outbox/push.ts";
import { SERVICE_NAMES } from "../../../contracts/services/catalog.ts";
import { LATE_ARRIVAL_MS } from "../../../contracts/visit/visit.ts";
import type { AuditRecord } from "../../../db/audit.ts";
import type { BookingChange, BookingContext, DepositRefund, OutboxOrder, VisitMail } from "../../../outbox/orders.ts";
import type { BookingCommand, Effects } from "./commands.ts";

/** What the effects read besides the change: its moment, the business's time zone and the messages' context. */
export interface EffectsContext {
  now: Date;
  businessTz: string;
  /** The business as the settings hold it, and the booking's service title as listed now. */
  context: BookingContext;
  /** "How did we do?": how its one-time links are signed and how long after completion it goes; none without. */
  rating?: RatingRequests;
}

export interface RatingRequests {
  token: (bookingId: string) => string;
  delayMs: number;
}

/** How close to the visit an assignment is also e-mailed to the technician. */
export const ASSIGNMENT_MAIL_HOURS = 48;

/** An "on the way" e-mail sent late is held this long, so a Start Job queued behind it can still stop it. */
export const ON_THE_WAY_HOLD_MS = 60_000;

/** The staff push title of a booking's service: as listed now, else its SPEC name, else its key. */
const serviceLabel = (booking: Booking, ctx: EffectsContext) =>
  ctx.context.serviceTitle ?? SERVICE_NAMES[booking.serviceType] ?? booking.serviceType;

/** The staff notifications of a change, when it calls for any. */
function pushOrders(before: Booking | null, after: Booking | null, ctx: EffectsContext): OutboxOrder[] {
  if (staffNotices(before, after).length === 0) return [];
  return [{ kind: "staff-push", before, after, serviceTitle: serviceLabel((after ?? before)!, ctx) }];
}

/** A new booking: the customer's and the office's e-mails, its reminder, the office's push, the dashboards. */
export function effectsOfNewBooking(booking: Booking, manageToken: string, ctx: EffectsContext): Effects {
  return {
    // A new booking's history starts with its first change: its creation is the booking itself.
    audit: [],
    outbox: [
      // The push rows first: they leave in the packet of the insert (see the outbox's store).
      ...pushOrders(null, booking, ctx),
      { kind: "booking-created", booking, manageToken, context: ctx.context },
    ],
    live: [{ event: "newBooking", booking }],
  };
}

/** The change the customer is told of by e-mail, if it calls for one. */
export function customerChange(
  before: Booking,
  after: Booking,
  actor: Actor,
  manageToken: string,
): BookingChange | null {
  const by = actor.kind;
  if (after.status === "cancelled" && before.status !== "cancelled") return { kind: "cancelled", booking: after, by };
  // A cancelled visit taken back: the customer's calendar dropped it, so a fresh file puts it back.
  if (before.status === "cancelled" && (after.status === "pending" || after.status === "confirmed")) {
    return { kind: "restored", booking: after, manageToken, by };
  }
  if (after.status === "confirmed" && before.status !== "confirmed") {
    return { kind: "confirmed", booking: after, manageToken, by };
  }
  const moved = after.cleaningDate !== before.cleaningDate || after.cleaningTime !== before.cleaningTime;
  if (moved && (after.status === "pending" || after.status === "confirmed")) {
    return { kind: "rescheduled", booking: after, previous: before, manageToken, by };
  }
  return null;
}

/** The audit action a command is recorded under. */
const ACTIONS: Record<Exclude<BookingCommand["kind"], "delete">, AuditAction> = {
  edit: "update",
  status: "status",
  assign: "assign",
  cancel: "status",
  move: "update",
  stage: "visit",
  dispatch: "update",
  duration: "update",
};

/** What the visit's own stage tells the customer: who is on the way, and the report when the job is done. */
export interface StageEffects {
  /** The technician the customer hears of (not an admin who set the stage for them). */
  technicianName: string;
  /** When the device pressed it, and when it arrived. */
  when: { at: Date; receivedAt: Date };
  /** The service report of a completed visit, read in its transaction. */
  report?: Extract<VisitMail, { kind: "report" }>["report"];
  overridden: string[];
}

/**
 * A change written: its audit entry, the customer's e-mail, the reminders that follow the visit as it is now, the
 * staff's pushes, the new technician's e-mail when the job is near, the visit's own e-mails, and the live events.
 */
export function effectsOfChange(
  before: Booking,
  after: Booking,
  command: Exclude<BookingCommand, { kind: "delete" }>,
  actor: Actor,
  manageToken: string,
  ctx: EffectsContext,
  extra: {
    newTechnician: { name: string; email: string } | null;
    stage?: StageEffects;
    /** The deposits a cancellation gave back (decision 0090): the customer gets their receipt. */
    refundedDeposits?: DepositRefund[];
  },
): Effects {
  const audit: AuditRecord[] = [
    { actor, entityType: "booking", entityId: before._id, action: ACTIONS[command.kind], before, after },
  ];
  const outbox: OutboxOrder[] = [];
  const told = customerChange(before, after, actor, manageToken);
  if (told) outbox.push({ kind: "booking-changed", change: told, context: ctx.context });
  // Moved, cancelled, completed or taken back: the reminder follows the visit as it is now.
  outbox.push({ kind: "reminders", booking: after, manageToken, context: ctx.context });
  outbox.push(...pushOrders(before, after, ctx));
  // Completed (by its technician or the office): "How did we do?" a little later, once per booking.
  if (after.status === "completed" && before.status !== "completed" && ctx.rating) {
    const dueAt = new Date(ctx.now.getTime() + ctx.rating.delayMs);
    outbox.push({
      kind: "rating-request",
      booking: after,
      ratingToken: ctx.rating.token(after._id),
      dueAt,
      context: ctx.context,
    });
  }
  // A job due within 48 hours also reaches its new technician by e-mail, in case they do not open the app.
  if (extra.newTechnician && visitWithin(after, ASSIGNMENT_MAIL_HOURS, ctx.businessTz, ctx.now)) {
    outbox.push({ kind: "job-assigned", booking: after, technician: extra.newTechnician, context: ctx.context });
  }
  if (extra.refundedDeposits?.length && after.email) {
    outbox.push({ kind: "deposit-refunded", booking: after, refunds: extra.refundedDeposits, context: ctx.context });
  }
  if (extra.stage) {
    const { overridden } = extra.stage;
    if (overridden.length > 0) {
      audit.push({
        actor,
        entityType: "booking",
        entityId: after._id,
        action: "override",
        before: {},
        after: { completedWithout: overridden },
      });
    }
    outbox.push(...stageMails(after, extra.stage, ctx));
  }
  return { audit, outbox, live: liveOfChange(before, after) };
}

/** The customer's e-mail of a stage: "on the way" (held a minute when it was pressed offline), or the report. */
function stageMails(after: Booking, stage: StageEffects, ctx: EffectsContext): OutboxOrder[] {
  if (after.visitStage === "en_route") {
    const { at, receivedAt } = stage.when;
    const late = receivedAt.getTime() - at.getTime() > LATE_ARRIVAL_MS;
    const dueAt = late ? new Date(receivedAt.getTime() + ON_THE_WAY_HOLD_MS) : undefined;
    const mail: VisitMail = { kind: "on-the-way", booking: after, technicianName: stage.technicianName };
    return [{ kind: "visit", mail, dueAt, context: ctx.context }];
  }
  if (after.visitStage === "completed" && stage.report) {
    return [{ kind: "visit", mail: { kind: "report", booking: after, report: stage.report }, context: ctx.context }];
  }
  return [];
}

/** The technicians hear of their own jobs only: the one who lost it, the one who got it (decision 0030). */
function liveOfChange(before: Booking, after: Booking): Effects["live"] {
  const live: Effects["live"] = [];
  const reassigned = before.technicianId !== after.technicianId;
  if (reassigned && before.technicianId) {
    live.push({
      event: "jobUnassigned",
      technicianId: before.technicianId,
      payload: { _id: after._id, updatedAt: after.updatedAt },
    });
  }
  if (reassigned && after.technicianId)
    live.push({ event: "jobAssigned", technicianId: after.technicianId, booking: after });
  live.push({ event: "bookingUpdated", booking: after, toTechnician: !reassigned });
  return live;
}

/**
 * A booking deleted (an admin's act): audited with what it held, its reminders dropped, its technician told, and a
 * visit the customer still expects cancelled by e-mail: a calendar cancellation with a SEQUENCE above any file sent,
 * and a copy to the business inbox (decision 0025).
 */
export function effectsOfDeletion(removed: Booking, actor: Actor, ctx: EffectsContext): Effects {
  const outbox: OutboxOrder[] = [
    { kind: "reminders", booking: removed, manageToken: null, deleted: true, context: ctx.context },
    ...pushOrders(removed, null, ctx),
  ];
  const live =
    (removed.status === "pending" || removed.status === "confirmed") && !isVisitOver(removed, ctx.businessTz, ctx.now);
  if (live) {
    const cancelled = { ...removed, status: "cancelled" as const, version: removed.version + 1 };
    outbox.push({
      kind: "booking-changed",
      change: { kind: "cancelled", booking: cancelled, by: actor.kind, deleted: true },
      context: ctx.context,
    });
  }
  const gone = { _id: removed._id, updatedAt: removed.updatedAt };
  return {
    // The audit entry keeps what the booking held: its history outlives it.
    audit: [{ actor, entityType: "booking", entityId: removed._id, action: "delete", before: removed, after: null }],
    outbox,
    live: [
      { event: "bookingDeleted", payload: gone },
      ...(removed.technicianId
        ? [{ event: "jobUnassigned" as const, technicianId: removed.technicianId, payload: gone }]
        : []),
    ],
  };
}

/**
 * A visit record added (a note, a tick, a photo, the signature): its audit entry, and the staff watching the job are
 * told the booking has something new. The booking itself does not change.
 */
export function effectsOfRecord(booking: Booking, actor: Actor, action: AuditAction, recorded: object): Effects {
  return {
    audit: [{ actor, entityType: "booking", entityId: booking._id, action, before: {}, after: recorded }],
    outbox: [],
    live: [{ event: "bookingUpdated", booking, toTechnician: true }],
  };
}

/** True when the visit starts from now to `hours` ahead, in the business's time zone. */
function visitWithin(booking: Booking, hours: number, timeZone: string, now: Date): boolean {
  const ahead = visitStart(booking.cleaningDate, booking.cleaningTime, timeZone).getTime() - now.getTime();
  return ahead >= 0 && ahead <= hours * 3_600_000;
}
