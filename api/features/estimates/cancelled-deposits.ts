import type { Actor } from "../../contracts/common/actor.ts";
import { isAdminRole } from "../../contracts/staff/staff.ts";
import type { AuditRecord } from "../../db/audit.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, Forbidden } from "../../errors.ts";
import type { DepositRefund } from "../../outbox/orders.ts";
import type { DepositsRepo } from "./deposits-repo.ts";

export const CANCELLED_DEPOSIT = {
  refundReason: "Job cancelled",
  keepByAdmin: "Only the office can keep a cancelled job's deposit",
  notSetUp: "Online payment is not set up, so the deposit paid online cannot be refunded here",
} as const;

/** A cancellation's deposits settled: the booking's audit entries, and those refunded (none when kept). */
export interface SettledDeposits {
  audit: AuditRecord[];
  refunds: DepositRefund[];
}

/**
 * What becomes of a job's held deposits when it is cancelled, in the cancellation's transaction: refunded in full
 * (an online one through the provider, cash, checks and cards recorded as given back by the office), or kept when an
 * admin says so with a reason. Answers the audit entries of the booking (the booking command writes them) and the
 * deposits refunded, which the customer is e-mailed of.
 */
export function cancelledDeposits({
  repo,
  refund,
}: {
  repo: DepositsRepo;
  /** Refunds part of an online payment through the provider (null: not set up); answers the provider's reference. */
  refund: ((paymentIntent: string, amountCents: number) => Promise<string>) | null;
}) {
  return async (
    tx: Tx,
    bookingId: string,
    actor: Actor,
    keepReason: string | undefined,
    now: Date,
  ): Promise<SettledDeposits> => {
    if (keepReason !== undefined && !(actor.kind === "staff" && actor.role && isAdminRole(actor.role))) {
      throw new Forbidden(CANCELLED_DEPOSIT.keepByAdmin);
    }
    const held = await repo.lockHeld(tx, bookingId);
    const entries: AuditRecord[] = [];
    const refunds: DepositRefund[] = [];
    const entry = (action: AuditRecord["action"], after: object): AuditRecord => ({
      actor,
      entityType: "booking",
      entityId: bookingId,
      action,
      before: null,
      after,
    });
    for (const deposit of held) {
      if (keepReason !== undefined) {
        await repo.keep(tx, deposit.id, { reason: keepReason, byName: actor.name, at: now });
        entries.push(entry("deposit_kept", { depositKeptCents: deposit.leftCents, reason: keepReason }));
        continue;
      }
      let providerRef = "";
      if (deposit.method === "online") {
        if (!refund) throw new Conflict(CANCELLED_DEPOSIT.notSetUp);
        providerRef = await refund(deposit.reference, deposit.leftCents);
      }
      await repo.addRefund(tx, deposit.id, {
        amountCents: deposit.leftCents,
        reason: CANCELLED_DEPOSIT.refundReason,
        byName: actor.name,
        providerRef,
        at: now,
      });
      entries.push(entry("refund", { depositRefundedCents: deposit.leftCents, method: deposit.method }));
      refunds.push({ amountCents: deposit.leftCents, method: deposit.method });
    }
    return { audit: entries, refunds };
  };
}
