import type { Booking, BookingStatus } from "../../../contracts/bookings/booking.ts";
import { changeProblem } from "../../../contracts/bookings/manage.ts";
import type { BookingFields } from "../../../contracts/bookings/schemas.ts";
import { type Actor, isTechnician } from "../../../contracts/common/actor.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import type { Settings } from "../../../contracts/settings/settings.ts";
import { completionRefusal } from "../../../contracts/visit/checklists.ts";
import { canMoveVisit, type VisitStage } from "../../../contracts/visit/visit.ts";
import { closedRefusal } from "../../../contracts/schedule/conflicts.ts";
import { Conflict, MoveConflict, Unprocessable } from "../../../errors.ts";
import type { BookingValues } from "../repo.ts";
import {
  assertBookable,
  assertBookableService,
  assertRoomInSlot,
  assertServedZip,
  holdsSlot,
  pricedValues,
} from "../rules.ts";
import { assertMayWork } from "../visit/access.ts";
import type { BookingCommand } from "./commands.ts";

/** What every decision reads besides the booking: the settings of now, the business's time zone, the moment. */
export interface DecisionContext {
  settings: Settings;
  businessTz: string;
  now: Date;
}

/** What a visit's work was read to know, with the booking locked (the executor reads only what a command needs). */
export interface VisitFacts {
  /** When the device says it was done, bounded by what can be true; and when it arrived. */
  when: { at: Date; receivedAt: Date };
  /** A technician not on the job now was once given it (reassigned while they worked offline). */
  wasAssigned?: boolean;
  /** Completing: the evidence still missing (required checklist items, a Before and an After photo). */
  missing?: string[];
}

/** What a change must still pass under lock once the next booking is known, each read by the executor. */
export interface Guards {
  /** A new service or unit count: priced as a new booking would be, from the service's stored price. */
  reprice?: { serviceType: string; units: number };
  /** A new slot, or a cancelled booking taken back: the slot must still have room. */
  slot?: { date: string; time: string };
  /** The technician's own slot must be free; `assigned`: they are new to the job (and must be an active technician). */
  technician?: { id: string; assigned: boolean };
  /**
   * The dispatch board's change (a move, a duration): its refusals name their kind (capacity, hours, overlap,
   * travel), and the technician's whole day is checked, not only their slot; technician null: unassigned.
   */
  dispatch?: { technician: { id: string; assigned: boolean } | null };
}

export interface ChangeDecision {
  next: BookingValues;
  guards: Guards;
  /** Evidence an admin completed the visit without (audited as an override). */
  overridden: string[];
}

/**
 * A new booking as the customer asked for it, priced by the server from the service as listed now, or a refusal:
 * 409 for a full slot, 400 for a service that cannot be booked. The date and the ZIP are judged by assertNewBookable.
 */
export function decideNewBooking(
  input: BookingFields,
  service: { price: number; title: string } | null,
  taken: number,
  settings: Settings,
): BookingValues {
  assertRoomInSlot(taken, settings.slotCapacity);
  const bookable = assertBookableService(service);
  return pricedValues(input, "pending", bookable.price, settings.discountTiers);
}

/** 422 when a new booking's date, time or ZIP cannot be booked now. */
export function assertNewBookable(
  input: Pick<BookingFields, "cleaningDate" | "cleaningTime" | "zip">,
  ctx: DecisionContext,
) {
  assertBookable(input.cleaningDate, input.cleaningTime, ctx.settings, ctx.businessTz, ctx.now);
  assertServedZip(input.zip, ctx.settings, ctx.settings.profile.phone);
}

/**
 * The next booking a command asks for, or a refusal: the command's own rules (the terms of a customer's link, the
 * order of a visit's stages), then today's rules for whatever is new (a date, a ZIP), and what must still be
 * checked under lock (the slot, the technician's own slot, the service's price).
 */
export function decideChange(
  before: Booking,
  command: Exclude<BookingCommand, { kind: "delete" }>,
  actor: Actor,
  ctx: DecisionContext,
  facts?: VisitFacts,
): ChangeDecision {
  const { next, overridden } = nextOf(before, command, actor, ctx, facts);
  const moved = next.cleaningDate !== before.cleaningDate || next.cleaningTime !== before.cleaningTime;
  const dispatching = command.kind === "dispatch" || command.kind === "duration";
  // An old date, address or price may stay as it is; only a new one must pass today's rules (for the office, only
  // the business's hours and closed dates: the lead time and horizon are the customers' rules).
  if (moved && dispatching) {
    const closed = closedRefusal(next.cleaningDate, next.cleaningTime, ctx.settings, ctx.businessTz, ctx.now);
    if (closed) throw new MoveConflict({ kind: "closed" }, closed);
  } else if (moved) assertBookable(next.cleaningDate, next.cleaningTime, ctx.settings, ctx.businessTz, ctx.now);
  if (next.zip !== before.zip) assertServedZip(next.zip, ctx.settings, ctx.settings.profile.phone);
  const guards: Guards = {};
  if (next.serviceType !== before.serviceType || next.unitCount !== before.unitCount) {
    guards.reprice = { serviceType: next.serviceType, units: next.unitCount };
  }
  if (holdsSlot(next.status) && (moved || !holdsSlot(before.status))) {
    guards.slot = { date: next.cleaningDate, time: next.cleaningTime };
  }
  // A technician holds one job per slot: checked when the job gets one, moves, or is taken back from cancelled.
  const technicianId = next.technicianId !== undefined ? next.technicianId : before.technicianId;
  const assigned = technicianId !== before.technicianId;
  if (dispatching) {
    // Every board change is checked against the whole day of the technician who ends up with the job.
    guards.dispatch = { technician: technicianId && holdsSlot(next.status) ? { id: technicianId, assigned } : null };
  } else if (technicianId && next.status !== "cancelled" && (assigned || moved || before.status === "cancelled")) {
    guards.technician = { id: technicianId, assigned };
  }
  return { next, guards, overridden };
}

function nextOf(
  before: Booking,
  command: Exclude<BookingCommand, { kind: "delete" }>,
  actor: Actor,
  ctx: DecisionContext,
  facts: VisitFacts | undefined,
): { next: BookingValues; overridden: string[] } {
  const kept = { next: { ...before }, overridden: [] };
  switch (command.kind) {
    case "edit":
      // The booking keeps its prices; it is priced anew only for another service or unit count (a guard).
      return {
        next: {
          ...command.fields,
          originalPrice: before.originalPrice,
          discountAmount: before.discountAmount,
          estimatedPrice: before.estimatedPrice,
          status: command.status ?? before.status,
        },
        overridden: [],
      };
    case "status":
      return { ...kept, next: { ...before, status: command.status } };
    case "assign":
      return { ...kept, next: { ...before, technicianId: command.technicianId } };
    case "cancel":
      assertChangeable(before, ctx);
      return { ...kept, next: { ...before, status: "cancelled" } };
    case "move":
      assertChangeable(before, ctx);
      if (command.cleaningDate === before.cleaningDate && command.cleaningTime === before.cleaningTime) {
        throw new Unprocessable(MESSAGES.manageSameSlot);
      }
      // Prices stay as booked; a confirmed visit goes back to pending because staff must confirm the new time
      // (decision 0015).
      return {
        ...kept,
        next: { ...before, cleaningDate: command.cleaningDate, cleaningTime: command.cleaningTime, status: "pending" },
      };
    case "dispatch": {
      if (!holdsSlot(before.status) || before.status === "completed") {
        throw new Unprocessable("A cancelled or completed job cannot be moved");
      }
      const { technicianId, cleaningDate, cleaningTime } = command;
      return { ...kept, next: { ...before, technicianId, cleaningDate, cleaningTime } };
    }
    case "duration":
      return { ...kept, next: { ...before, durationOverrideMinutes: command.minutes } };
    case "stage":
      return nextStage(before, command, actor, facts!);
  }
}

/** The terms of the customer's link: no change of a closed booking, none within 24 hours of the visit. */
function assertChangeable(booking: Booking, ctx: DecisionContext) {
  const problem = changeProblem(booking, ctx.businessTz, ctx.now);
  if (problem === "closed") throw new Unprocessable(MESSAGES.manageClosed);
  if (problem === "too-late") throw new Unprocessable(MESSAGES.manageTooLate);
}

function nextStage(
  before: Booking,
  command: Extract<BookingCommand, { kind: "stage" }>,
  actor: Actor,
  facts: VisitFacts,
): { next: BookingValues; overridden: string[] } {
  assertMayWork(actor, before, "stage", facts.wasAssigned);
  const missing = command.stage === "completed" && before.visitStage !== "completed" ? (facts.missing ?? []) : [];
  // Field evidence: the required items and a Before and an After photo, or an admin's word.
  if (missing.length > 0 && isTechnician(actor)) throw new Conflict(completionRefusal(missing));
  if (before.visitStage === command.stage) throw new Conflict(MESSAGES.visitStageSame);
  if (!canMoveVisit(before.visitStage, command.stage, isTechnician(actor) ? "technician" : "admin")) {
    throw new Conflict(MESSAGES.visitStageBackwards);
  }
  return {
    next: {
      ...before,
      visitStage: command.stage,
      visitStageAt: facts.when.at.toISOString(),
      status: statusFor(command.stage, before.status),
      ...(command.stage === "completed" ? { customerNotPresent: command.customerNotPresent ?? false } : {}),
    },
    overridden: missing,
  };
}

/** Completing the visit completes the booking; an admin taking a completed visit back reopens it as confirmed. */
function statusFor(stage: VisitStage, current: BookingStatus): BookingStatus {
  if (stage === "completed") return "completed";
  return current === "completed" ? "confirmed" : current;
}
