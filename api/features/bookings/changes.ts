import type { Actor } from "../../contracts/common/actor.ts";
import type { AuditAction } from "../../contracts/audit/audit.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import { isVisitOver, visitStart } from "../../contracts/bookings/manage.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import type { Settings } from "../../contracts/settings/settings.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, Unprocessable } from "../../errors.ts";
import type { Clock } from "../../platform/clock.ts";
import { type BookingChange, changeKind, type MailOutbox } from "../../outbox/outbox.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import type { AuditRepo } from "../../db/audit.ts";
import type { Assignee, BookingsRepo, BookingValues } from "./repo.ts";
import { assertBookable, assertServedZip, currentPrice, holdsSlot, reserveSlot } from "./rules.ts";

/** What every change of a booking needs, whoever makes it. */
export interface ChangeDeps {
  repo: BookingsRepo;
  audit: Pick<AuditRepo, "record">;
  mail: MailOutbox;
  realtime: RealtimeEmitter;
  clock: Clock;
  /** The business settings of now (cached per instance, dropped on every instance when they change). */
  settings: () => Promise<Settings>;
  businessTz: string;
}

export interface Change {
  /** Who acts; a customer is known by the booking they hold the link of. */
  actor: Actor | ((current: Booking) => Actor);
  /** The booking as it is, locked for the transaction (NotFound when there is none). */
  load(tx: Tx): Promise<Booking>;
  /** The version the actor saw, if they said: an older one is a 409. */
  version?: number;
  /**
   * What the booking becomes; may refuse (throw) after seeing it as it is. Its prices are kept as booked unless the
   * service or the unit count changes: then it is priced as a new booking would be.
   */
  next(current: Booking): BookingValues;
  action: AuditAction;
  /** The manage link of the e-mail, when the actor holds it already (a customer's change). */
  manageToken?: string;
  /**
   * What else belongs to the change, written in its transaction after the update and its audit (a visit's
   * history, a note, a photo, their e-mails); true when it queued an e-mail.
   */
  alsoWrite?(tx: Tx, updated: Booking, actor: Actor, current: Booking): Promise<boolean>;
}

/** A change written, not yet told: what its announcement after the commit needs. */
export interface WrittenChange {
  updated: Booking;
  mailed: boolean;
  previousTechnician: string | null;
}

/**
 * The one path by which a booking changes, whoever acts (an admin, a customer through their link, later a
 * technician): lock → version check → the settings' rules for a new date, time, address or service, and the slot
 * for a new place or a taken-back one → the technician's own slot → update → audit → the customer's e-mail, all in
 * one transaction; then, once committed, the live events and the mail worker.
 */
export async function changeBooking(deps: ChangeDeps, change: Change): Promise<Booking> {
  // Read before the transaction: a cold cache must not wait for a connection while this one holds a row lock.
  const settings = await deps.settings();
  const written = await deps.repo.transaction((tx) => writeChange(deps, tx, change, settings));
  return announceChange(deps, written);
}

/**
 * The change's writes, in the caller's transaction: for a caller that must commit more with it (the answer an
 * Idempotency-Key keeps). `settings` are read before the transaction opens. Call announceChange once it committed.
 */
export async function writeChange(
  deps: ChangeDeps,
  tx: Tx,
  change: Change,
  settings: Settings,
): Promise<WrittenChange> {
  const { repo, audit, mail, clock } = deps;
  const current = await change.load(tx);
  if (change.version !== undefined && change.version !== current.version) throw new Conflict(MESSAGES.staleVersion);
  const actor = typeof change.actor === "function" ? change.actor(current) : change.actor;
  let next = change.next(current);
  const moved = next.cleaningDate !== current.cleaningDate || next.cleaningTime !== current.cleaningTime;
  // An old date, address or price may stay as it is; only a new one must pass today's rules.
  if (moved) assertBookable(next.cleaningDate, next.cleaningTime, settings, deps.businessTz, clock.now());
  if (next.zip !== current.zip) assertServedZip(next.zip, settings, settings.profile.phone);
  if (next.serviceType !== current.serviceType || next.unitCount !== current.unitCount) {
    next = { ...next, ...(await currentPrice(repo, tx, next.serviceType, next.unitCount, settings)) };
  }
  // A new slot, or a cancelled booking taken back, must still fit.
  if (holdsSlot(next.status) && (moved || !holdsSlot(current.status))) {
    await reserveSlot(repo, tx, {
      date: next.cleaningDate,
      time: next.cleaningTime,
      capacity: settings.slotCapacity,
      excludeId: current._id,
    });
  }
  const newTechnician = await assertTechnicianFree(repo, tx, current, next, moved);
  const updated = await repo.update(tx, current._id, next);
  await audit.record(tx, {
    actor,
    entityType: "booking",
    entityId: current._id,
    action: change.action,
    before: current,
    after: updated,
  });
  const told = await customerMail(repo, tx, current, updated, actor, change.manageToken);
  if (told) await mail.bookingChanged(tx, told);
  // Moved, cancelled, completed or taken back: the reminder follows the visit as it is now.
  await mail.setReminders(tx, updated, { manageToken: change.manageToken });
  const pushed = await mail.notifyStaff(tx, current, updated);
  // A job due within 48 hours also reaches its new technician by e-mail, in case they do not open the app.
  const warned = newTechnician !== null && visitWithin(updated, ASSIGNMENT_MAIL_HOURS, deps.businessTz, clock.now());
  if (warned) await mail.jobAssigned(tx, { booking: updated, technician: newTechnician });
  const alsoMailed = (await change.alsoWrite?.(tx, updated, actor, current)) ?? false;
  return {
    updated,
    mailed: told !== null || warned || alsoMailed || pushed,
    previousTechnician: current.technicianId,
  };
}

/** After the commit: the live events (each technician hears of their own jobs only) and the mail worker. */
export function announceChange(deps: Pick<ChangeDeps, "realtime" | "mail">, written: WrittenChange): Booking {
  const { updated, mailed, previousTechnician } = written;
  const { realtime, mail } = deps;
  const reassigned = previousTechnician !== updated.technicianId;
  // The technicians hear of their own jobs only: the one who lost it, the one who got it (decision 0030).
  if (reassigned && previousTechnician) {
    realtime.jobUnassigned(previousTechnician, { _id: updated._id, updatedAt: updated.updatedAt });
  }
  if (reassigned && updated.technicianId) realtime.jobAssigned(updated.technicianId, updated);
  realtime.bookingUpdated(updated, { toTechnician: !reassigned });
  if (mailed) mail.wake();
  return updated;
}

/**
 * A technician holds one job per date and slot. Checked whenever a booking gets a technician, moves, or is taken
 * back from cancelled while it has one: under a lock of the technician's row, so two assignments racing for them
 * queue and the second sees the first (the partial unique index of migration 008 holds it whatever writes).
 */
async function assertTechnicianFree(
  repo: BookingsRepo,
  tx: Tx,
  current: Booking,
  next: BookingValues,
  moved: boolean,
): Promise<Assignee | null> {
  const technicianId = next.technicianId !== undefined ? next.technicianId : current.technicianId;
  if (!technicianId || next.status === "cancelled") return null;
  const assigned = technicianId !== current.technicianId;
  if (!assigned && !moved && current.status !== "cancelled") return null;
  const technician = await repo.lockAssignee(tx, technicianId);
  if (!technician || (assigned && (technician.role !== "technician" || technician.status !== "active"))) {
    throw new Unprocessable(MESSAGES.notATechnician);
  }
  if (await repo.technicianBusy(tx, technicianId, next.cleaningDate, next.cleaningTime, current._id)) {
    throw new Conflict(`${technician.name} already has a job at that time`);
  }
  return assigned ? technician : null;
}

/** How close to the visit an assignment is also e-mailed to the technician (issue 16). */
const ASSIGNMENT_MAIL_HOURS = 48;

/** True when the visit starts from now to `hours` ahead, in the business's time zone. */
function visitWithin(booking: Booking, hours: number, timeZone: string, now: Date): boolean {
  const ahead = visitStart(booking.cleaningDate, booking.cleaningTime, timeZone).getTime() - now.getTime();
  return ahead >= 0 && ahead <= hours * 3_600_000;
}

/** Deletes a booking (an admin's act): audited, and a visit the customer still expects is cancelled by e-mail. */
export async function deleteBooking(
  deps: ChangeDeps,
  removal: { actor: Actor; remove(tx: Tx): Promise<Booking> },
): Promise<Booking> {
  const { audit, mail, realtime, clock } = deps;
  const { deleted, mailed } = await deps.repo.transaction(async (tx) => {
    const removed = await removal.remove(tx);
    await mail.setReminders(tx, removed, { deleted: true });
    const pushed = await mail.notifyStaff(tx, removed, null);
    // The audit entry keeps what the booking held: its history outlives it.
    await audit.record(tx, {
      actor: removal.actor,
      entityType: "booking",
      entityId: removed._id,
      action: "delete",
      before: removed,
      after: null,
    });
    // Its calendar must drop the visit: a cancellation with a SEQUENCE above any file sent, and a copy to the
    // business inbox (decision 0025).
    const live =
      (removed.status === "pending" || removed.status === "confirmed") &&
      !isVisitOver(removed, deps.businessTz, clock.now());
    if (live) {
      const cancelled = { ...removed, status: "cancelled" as const, version: removed.version + 1 };
      await mail.bookingChanged(tx, { kind: "cancelled", booking: cancelled, by: removal.actor.role, deleted: true });
    }
    return { deleted: removed, mailed: live || pushed };
  });
  realtime.bookingDeleted({ _id: deleted._id, updatedAt: deleted.updatedAt });
  if (deleted.technicianId) {
    realtime.jobUnassigned(deleted.technicianId, { _id: deleted._id, updatedAt: deleted.updatedAt });
  }
  if (mailed) mail.wake();
  return deleted;
}

/** The customer's e-mail about a change, if it calls for one. */
async function customerMail(
  repo: BookingsRepo,
  tx: Tx,
  current: Booking,
  updated: Booking,
  actor: Actor,
  knownToken: string | undefined,
): Promise<BookingChange | null> {
  const kind = changeKind(current, updated);
  if (!kind) return null;
  const by = actor.role;
  if (kind === "cancelled") return { kind, booking: updated, by };
  const manageToken = knownToken ?? (await repo.manageToken(tx, updated._id))!;
  if (kind === "rescheduled") return { kind, booking: updated, previous: current, manageToken, by };
  return { kind, booking: updated, manageToken, by };
}
