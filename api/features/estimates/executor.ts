import { type Actor, isTechnician } from "../../contracts/common/actor.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import {
  type DepositCheckoutRequest,
  ESTIMATE_VALID_DAYS,
  type Estimate,
  type EstimateApproval,
} from "../../contracts/estimates/estimate.ts";
import {
  decideEstimate,
  depositOf,
  type EstimateAction,
  effectiveStatus,
  expiryOf,
} from "../../contracts/estimates/rules.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { DepositsRepo } from "./deposits-repo.ts";
import type { EstimateCreate, OnSiteDeposit } from "../../contracts/estimates/schemas.ts";
import { formatMoney } from "../../contracts/common/money.ts";
import { centsToDollars } from "../../contracts/money/amounts.ts";
import { withSettingsProfile } from "../../contracts/settings/settings.ts";
import { boundedAt } from "../../contracts/visit/visit.ts";
import type { Tx } from "../../db/client.ts";
import type { IdempotentOutcome, IdempotentRequest } from "../../db/idempotency.ts";
import { allocateNumber } from "../../db/numbers.ts";
import { BadRequest, Conflict, Gone, NotFound, Unprocessable } from "../../errors.ts";
import { base64Of } from "../../platform/pdf.ts";
import { type CommandDeps, type Effects, effectsOf } from "../../platform/effects.ts";
import type { PriceBookItem } from "../../contracts/price-book/item.ts";
import { effectsOfApproval, effectsOfCreation, effectsOfDecline, effectsOfSending } from "./effects.ts";
import { translator } from "../../i18n/translator.ts";
import { estimatePdf } from "./pdf.ts";
import { priceOptions } from "./pricing.ts";
import type { EstimateBooking, EstimatesRepo, EstimateTarget, Found } from "./repo.ts";

export interface EstimateExecutorDeps extends CommandDeps {
  repo: EstimatesRepo;
  /** The price-book items named, as they are now, share-locked in the caller's transaction. */
  priceBook: { forPricing(tx: Tx, ids: readonly string[]): Promise<PriceBookItem[]> };
  /** The site's public address: the customer's link is `{publicUrl}/estimates/{token}`. */
  publicUrl: string;
  /**
   * Deposits: taken on site with an approval, or paid online on approval (`checkout`, when online payment is set up).
   */
  deposits?: { checkout?: DepositCheckout; repo: DepositsRepo };
  /** The plan and discount of a membership on the booking's property, if any: each option's own line. */
  memberDiscount?: (bookingId: string, tx: Tx) => Promise<{ planName: string; percent: number } | null>;
}

/** A Checkout Session for an option's deposit, through the payment provider (app.ts gives the invoices' one). */
export type DepositCheckout = (input: DepositCheckoutRequest) => Promise<{ url: string; sessionId: string }>;

/** A paid deposit's Checkout Session, as the webhook reports it. */
export interface PaidDeposit {
  sessionId: string;
  amountCents: number;
  paymentIntent: string;
}

type Answer = IdempotentOutcome<DataEnvelope<Estimate>>;

const WITHOUT_KEY = { route: "", key: null, bodyHash: "" } satisfies IdempotentRequest;

export const ESTIMATE_NOT_FOUND = "Estimate not found";
export const ESTIMATE_ID_TAKEN = "An estimate with this _id exists on another booking";

/** An approval as the customer gave it: the option, their typed name, and the drawn signature's bytes (a PNG). */
export interface ApprovalInput {
  optionId: string;
  signedBy: string;
  signature: Uint8Array | null;
  via: EstimateApproval["via"];
  /** On site: when the tablet says it was signed (bounded by the server). */
  at?: string;
  /** On site: the deposit taken with it, as the tablet showed it (the server computes and checks the amount). */
  deposit?: OnSiteDeposit;
}

export const DEPOSIT_MESSAGES = {
  none: "This option asks no deposit",
  amount: (cents: number) => `This option's deposit is ${formatMoney(centsToDollars(cents))}`,
  notRecorded: "Deposits are not recorded here",
} as const;

/** The estimate as read at `now`: an open one past its expiry says so. */
export const asOf = (e: Estimate, now: Date): Estimate => ({ ...e, status: effectiveStatus(e, now) });

/**
 * A staff member who may work on the booking's estimates: admins on any booking, a technician on their own job only.
 * Anyone else is told the booking (or the estimate) does not exist.
 */
export function assertMayWorkOn(actor: Actor, booking: Pick<EstimateBooking, "technicianId">, missing: string): void {
  if (isTechnician(actor) && booking.technicianId !== actor.id) throw new NotFound(missing);
}

/**
 * The one path by which an estimate comes to be and changes, whoever acts (the office, a technician on site, a
 * customer through the link), shaped as the booking executor is: in one transaction it locks the estimate (and
 * share-locks its booking), lets the pure status machine (`decideEstimate`) say what may happen, writes the estimate,
 * writes its effects (audit, outbox) through the one effects writer, and after the commit tells the screens. A
 * request with an Idempotency-Key is answered once.
 */
export function estimateExecutor(deps: EstimateExecutorDeps) {
  const { repo, idempotency, clock } = deps;
  const { write, tell } = effectsOf(deps);
  const urlOf = (e: Estimate) => `${deps.publicUrl}/estimates/${e.token}`;
  const profileNow = async () => withSettingsProfile(deps.profile, (await deps.settings()).profile);

  /** Runs a change of an existing estimate; `step` answers the estimate after it and what must follow. */
  const change = async (
    target: EstimateTarget,
    request: IdempotentRequest,
    step: (tx: Tx, found: Found, now: Date) => Promise<{ estimate: Estimate; effects: Effects | null }>,
  ): Promise<Answer> => {
    let effects: Effects | null = null;
    const outcome = await idempotency.run(request, async (tx) => {
      const found = await repo.lock(tx, target);
      if (!found) throw new NotFound(ESTIMATE_NOT_FOUND);
      const now = clock.now();
      const done = await step(tx, found, now);
      if (done.effects) await write(tx, done.effects);
      effects = done.effects;
      return { status: 200, body: { data: asOf(done.estimate, now) } };
    });
    if (!outcome.replayed && effects) tell(effects);
    return outcome;
  };

  /** The status machine's answer: go on (true), nothing to change (false), or the refusal it names. */
  const mayGoOn = (estimate: Estimate, action: EstimateAction, at: Date): boolean => {
    const decision = decideEstimate(estimate, action, at);
    switch (decision.outcome) {
      case "apply":
        return true;
      case "same":
        return false;
      case "conflict":
        throw new Conflict(decision.message);
      case "gone":
        throw new Gone(decision.message);
      case "unknownOption":
        throw new BadRequest(decision.message);
    }
  };

  /**
   * An approval within the caller's transaction: judged by the status machine (on site at the time of signing, bounded
   * by its arrival and the estimate's making), written with its signature, its PDF e-mailed. `strict` false: a state
   * that refuses it is not an error (a deposit paid for an estimate approved or expired meanwhile is kept anyway).
   */
  const approvalStep = async (
    tx: Tx,
    { estimate, booking }: Found,
    input: ApprovalInput,
    actor: Actor | null,
    now: Date,
    profile: BusinessProfile,
    strict = true,
  ): Promise<{ estimate: Estimate; effects: Effects | null }> => {
    const at = input.via === "on-site" ? boundedAt(input.at, now, new Date(estimate.createdAt)) : now;
    const action = { kind: "approve", optionId: input.optionId } as const;
    if (!strict && decideEstimate(estimate, action, at).outcome !== "apply") return { estimate, effects: null };
    if (!mayGoOn(estimate, action, at)) return { estimate, effects: null };
    const after = await repo.update(tx, estimate._id, {
      status: "approved",
      approvedOptionId: input.optionId,
      approval: { via: input.via, signedBy: input.signedBy, at: at.toISOString(), receivedAt: now.toISOString() },
      signaturePng: input.signature,
    });
    const customer = {
      name: `${booking.firstName} ${booking.lastName}`,
      email: booking.email,
      address: booking.address,
    };
    // The customer's copy, in their language.
    const tr = translator(booking.locale, profile.timeZone);
    const pdf = await estimatePdf({ estimate: after, customer, profile, signature: input.signature, tr });
    const who = actor ?? customerOf(booking);
    const ctx = { profile, url: urlOf(after), pdf: base64Of(pdf) };
    return { estimate: after, effects: effectsOfApproval(estimate, after, booking, who, ctx) };
  };

  /**
   * The deposit taken on site with an approval, in its transaction: the amount is the approved option's deposit as the
   * server computes it (what the tablet showed must match it), recorded once per estimate however often it arrives.
   */
  const onSiteDeposit = async (
    tx: Tx,
    estimate: Estimate,
    booking: EstimateBooking,
    deposit: OnSiteDeposit,
    actor: Actor,
    now: Date,
  ): Promise<Effects | null> => {
    if (!deps.deposits) throw new Conflict(DEPOSIT_MESSAGES.notRecorded);
    const amountCents = depositOf(estimate);
    if (amountCents <= 0) throw new BadRequest(DEPOSIT_MESSAGES.none);
    if (deposit.amountCents !== amountCents) throw new Unprocessable(DEPOSIT_MESSAGES.amount(amountCents));
    if (await deps.deposits.repo.hasDeposit(tx, estimate._id)) return null;
    await deps.deposits.repo.addOnSite(tx, {
      bookingId: booking._id,
      estimateId: estimate._id,
      method: deposit.method,
      amountCents,
      reference: deposit.reference,
      at: estimate.approval ? new Date(estimate.approval.at) : now,
      byName: actor.name,
      byId: actor.id,
    });
    const record = { depositCents: amountCents, method: deposit.method };
    return {
      audit: [
        { actor, entityType: "estimate", entityId: estimate._id, action: "payment", before: null, after: record },
      ],
      outbox: [],
      live: [],
    };
  };

  return {
    /**
     * A new estimate on a booking: 201 with it, priced by the server from the price book, the services and the tax
     * rate as they are now, numbered on arrival. The same `_id` again answers the estimate already made (200).
     */
    async create(input: EstimateCreate, actor: Actor, request: IdempotentRequest): Promise<Answer> {
      const [settings, services] = await Promise.all([deps.settings(), deps.services()]);
      let effects: Effects | null = null;
      const outcome = await idempotency.run(request, async (tx) => {
        const booking = await repo.bookingForShare(tx, input.bookingId);
        if (!booking) throw new NotFound(MESSAGES.bookingNotFound);
        assertMayWorkOn(actor, booking, MESSAGES.bookingNotFound);
        const now = clock.now();
        if (input._id) {
          const existing = await repo.lockId(tx, input._id);
          if (existing && existing.bookingId !== booking._id) throw new Conflict(ESTIMATE_ID_TAKEN);
          if (existing) return { status: 200, body: { data: asOf(existing, now) } };
        }
        const ids = input.options.flatMap((o) =>
          o.lines.flatMap((l) => (l.source === "price-book" ? [l.priceBookItemId] : [])),
        );
        const items = new Map((await deps.priceBook.forPricing(tx, ids)).map((i) => [i._id, i]));
        const member = deps.memberDiscount ? await deps.memberDiscount(booking._id, tx) : null;
        const options = priceOptions(
          input.options,
          { items, services, taxRatePercent: settings.taxRatePercent, mayPriceByHand: !isTechnician(actor), member },
          () => crypto.randomUUID(),
          { estimatePercent: input.depositPercent, defaultPercent: settings.depositDefaultPercent },
        );
        // Made on a device: its time there, not after it arrived and not before the booking existed.
        const createdAt = boundedAt(input.at, now, booking.createdAt);
        // Last, once nothing can refuse: the counter's row stays locked until the commit.
        const { seq, number } = await allocateNumber(tx, "estimate");
        const estimate = await repo.insert(tx, {
          id: input._id ?? crypto.randomUUID(),
          number,
          seq,
          bookingId: booking._id,
          options,
          depositPercent: input.depositPercent ?? settings.depositDefaultPercent,
          message: input.message,
          taxRatePercent: settings.taxRatePercent,
          taxLabel: settings.taxLabel,
          createdAt,
          expiresAt: expiryOf(createdAt, ESTIMATE_VALID_DAYS),
          createdById: actor.id,
          createdBy: actor.name,
        });
        effects = effectsOfCreation(estimate, actor);
        await write(tx, effects);
        return { status: 201, body: { data: asOf(estimate, now) } };
      });
      if (!outcome.replayed && effects) tell(effects);
      return outcome;
    },

    /** E-mails the customer the link (again, when it was sent before); the estimate becomes `sent`. */
    async send(id: string, actor: Actor): Promise<Answer> {
      const profile = await profileNow();
      return await change({ id }, WITHOUT_KEY, async (tx, { estimate, booking }, now) => {
        assertMayWorkOn(actor, booking, ESTIMATE_NOT_FOUND);
        mayGoOn(estimate, { kind: "send" }, now);
        const after = await repo.update(tx, estimate._id, { status: "sent", sentAt: now });
        return {
          estimate: after,
          effects: effectsOfSending(estimate, after, booking, actor, { profile, url: urlOf(after) }),
        };
      });
    },

    /**
     * The customer approves an option: on the tablet (`actor` the staff member who handed it over, `target` by id) or
     * through the link (`actor` null: the customer, known by the booking). The other options are declined with it.
     */
    async approve(
      target: EstimateTarget,
      input: ApprovalInput,
      actor: Actor | null,
      request: IdempotentRequest = WITHOUT_KEY,
    ): Promise<Answer> {
      const profile = await profileNow();
      return await change(target, request, async (tx, found, now) => {
        if (actor) assertMayWorkOn(actor, found.booking, ESTIMATE_NOT_FOUND);
        const done = await approvalStep(tx, found, input, actor, now, profile);
        if (!input.deposit || !actor) return done;
        const paid = await onSiteDeposit(tx, done.estimate, found.booking, input.deposit, actor, now);
        if (!paid) return done;
        // Reread: the estimate answered says the deposit it now holds.
        const estimate = (await repo.lock(tx, { id: done.estimate._id }))!.estimate;
        const effects = done.effects ?? { audit: [], outbox: [], live: [] };
        return { estimate, effects: { ...effects, audit: [...effects.audit, ...paid.audit] } };
      });
    },

    /**
     * Approving through the link an option that asks a deposit, when online payment is set up: what the customer
     * signed waits while they pay the deposit on a Checkout page (its address is answered); the approval is recorded
     * when the payment is (`depositPaid`). Null when no deposit is asked here: the approval goes on as usual.
     */
    async depositCheckout(token: string, input: ApprovalInput): Promise<{ url: string } | null> {
      if (!deps.deposits?.checkout) return null;
      const found = await repo.find({ token });
      if (!found) throw new NotFound(ESTIMATE_NOT_FOUND);
      const { estimate, booking } = found;
      const now = clock.now();
      if (!mayGoOn(estimate, { kind: "approve", optionId: input.optionId }, now)) return null;
      const option = estimate.options.find((o) => o._id === input.optionId)!;
      const amountCents = depositOf({ ...estimate, approvedOptionId: option._id });
      if (amountCents <= 0) return null;
      const page = urlOf(estimate);
      const session = await deps.deposits.checkout({
        estimateId: estimate._id,
        optionId: option._id,
        number: estimate.number,
        amountCents,
        email: booking.email,
        successUrl: `${page}?deposit=paid`,
        cancelUrl: page,
      });
      await deps.deposits.repo.savePending({
        sessionId: session.sessionId,
        estimateId: estimate._id,
        optionId: option._id,
        signedBy: input.signedBy,
        signature: input.signature,
      });
      return { url: session.url };
    },

    /**
     * Checkout reports a deposit paid: in one transaction, once per event and per session, the deposit is recorded as
     * a payment of the booking (its invoice counts it when made) and the approval the customer signed is recorded.
     * The money was taken: it is recorded even if the estimate can no longer be approved (the office refunds it).
     */
    async depositPaid(eventId: string, paid: PaidDeposit): Promise<void> {
      const store = deps.deposits?.repo;
      if (!store) return;
      const profile = await profileNow();
      let effects: Effects | null = null;
      await repo.transaction(async (tx) => {
        if (!(await store.claimEvent(tx, eventId))) return;
        const pending = await store.takePending(tx, paid.sessionId);
        if (!pending) return;
        const found = await repo.lock(tx, { id: pending.estimateId });
        if (!found) return;
        const now = clock.now();
        await store.addDeposit(tx, {
          bookingId: found.booking._id,
          estimateId: pending.estimateId,
          amountCents: paid.amountCents,
          reference: paid.paymentIntent,
          sessionId: paid.sessionId,
          at: now,
        });
        const input = { optionId: pending.optionId, signedBy: pending.signedBy, signature: pending.signature };
        const approved = await approvalStep(tx, found, { ...input, via: "link" }, null, now, profile, false);
        if (approved.effects) await write(tx, approved.effects);
        effects = approved.effects;
      });
      if (effects) tell(effects);
    },

    /** The customer declines through the link, with an optional reason. */
    async decline(token: string, reason: string): Promise<Answer> {
      return await change({ token }, WITHOUT_KEY, async (tx, { estimate, booking }, now) => {
        if (!mayGoOn(estimate, { kind: "decline" }, now)) return { estimate, effects: null };
        const after = await repo.update(tx, estimate._id, {
          status: "declined",
          decline: { reason, at: now.toISOString() },
        });
        return { estimate: after, effects: effectsOfDecline(estimate, after, customerOf(booking)) };
      });
    },
  };
}

/** The customer acting through their link: known by the booking's e-mail. */
const customerOf = (booking: EstimateBooking): Actor => ({
  kind: "customer",
  id: null,
  name: booking.email,
  email: booking.email,
});

export type EstimateExecutor = ReturnType<typeof estimateExecutor>;
