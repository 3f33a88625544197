import type { Actor } from "../../contracts/common/actor.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { AuditRecord } from "../../db/audit.ts";
import type { EstimateMail } from "../../outbox/orders.ts";
import type { Effects } from "../../platform/effects.ts";
import type { EstimateBooking } from "./repo.ts";

/** What the effects of an estimate's change say besides the estimate. */
export interface EstimateEffectsContext {
  profile: BusinessProfile;
  /** `{PUBLIC_URL}/estimates/{token}`. */
  url: string;
}

/**
 * What the audit trail keeps of an estimate: its figures and decisions, never its token (the customer's secret) or
 * its signature's bytes.
 */
export function auditView(e: Estimate) {
  return {
    number: e.number,
    bookingId: e.bookingId,
    status: e.status,
    options: e.options.map((o) => ({ _id: o._id, title: o.title, lines: o.lines.length, totalCents: o.totalCents })),
    approvedOptionId: e.approvedOptionId,
    depositPercent: e.depositPercent,
    approval: e.approval && { ...e.approval, signatureUrl: e.approval.signatureUrl !== null },
    decline: e.decline,
    sentAt: e.sentAt,
  };
}

const audit = (actor: Actor, action: AuditRecord["action"], before: Estimate | null, after: Estimate): AuditRecord => ({
  actor,
  entityType: "estimate",
  entityId: after._id,
  action,
  before: before && auditView(before),
  after: auditView(after),
});

const mailOf = (estimate: Estimate, booking: EstimateBooking, url: string): EstimateMail => ({
  estimate,
  bookingId: booking._id,
  customer: { firstName: booking.firstName, name: `${booking.firstName} ${booking.lastName}`, email: booking.email },
  url,
  locale: booking.locale,
});

const NONE: Effects = { audit: [], outbox: [], live: [] };

export function effectsOfCreation(estimate: Estimate, actor: Actor): Effects {
  return { ...NONE, audit: [audit(actor, "create", null, estimate)] };
}

/** Sent: the customer's e-mail with the link. */
export function effectsOfSending(
  before: Estimate,
  after: Estimate,
  booking: EstimateBooking,
  actor: Actor,
  ctx: EstimateEffectsContext,
): Effects {
  return {
    ...NONE,
    audit: [audit(actor, "send", before, after)],
    outbox: [{ kind: "estimate-sent", mail: mailOf(after, booking, ctx.url), profile: ctx.profile }],
  };
}

/**
 * Approved: the customer's copy with the PDF and the office's push (the outbox), and the office's screens at once
 * (`estimateApproved`, after the commit).
 */
export function effectsOfApproval(
  before: Estimate,
  after: Estimate,
  booking: EstimateBooking,
  actor: Actor,
  ctx: EstimateEffectsContext & { pdf: string },
): Effects {
  const customerName = `${booking.firstName} ${booking.lastName}`;
  return {
    audit: [audit(actor, "approve", before, after)],
    outbox: [{ kind: "estimate-approved", mail: mailOf(after, booking, ctx.url), pdf: ctx.pdf, profile: ctx.profile }],
    live: [{ event: "estimateApproved", payload: { estimate: after, customerName } }],
  };
}

export function effectsOfDecline(before: Estimate, after: Estimate, actor: Actor): Effects {
  return { ...NONE, audit: [audit(actor, "decline", before, after)] };
}
