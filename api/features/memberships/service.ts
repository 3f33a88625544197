import type { Actor } from "../../contracts/common/actor.ts";
import { addMonths, type MembershipStatus, proratedRefund } from "../../contracts/plans/plan.ts";
import { todayIn } from "../../contracts/schedule/dates.ts";
import type { EnrollInput, JoinInput, PlanPaymentInput } from "../../contracts/plans/schemas.ts";
import { withSettingsProfile } from "../../contracts/settings/settings.ts";
import type { AuditRecord } from "../../db/audit.ts";
import type { Tx } from "../../db/client.ts";
import { toE164 } from "../../platform/phones.ts";
import { allocateNumber } from "../../db/numbers.ts";
import { BadRequest, Conflict, NotFound } from "../../errors.ts";
import type { MembershipMail, OutboxOrder } from "../../outbox/orders.ts";
import { type CommandDeps, type Effects, effectsOf } from "../../platform/effects.ts";
import type { SubscriptionEvent, SubscriptionProvider } from "../../platform/stripe-subscriptions.ts";
import { membershipOrder } from "./mail.ts";
import type { ListedMembership, MembershipRow, MembershipsRepo } from "./repo.ts";
import { MEMBERSHIP_MESSAGES } from "../../contracts/plans/membership-messages.ts";

export interface MembershipServiceDeps extends CommandDeps {
  repo: MembershipsRepo;
  /** The plans' own reader: an enrollment names an active plan. */
  plan: (
    id: string,
    tx: Tx,
  ) => Promise<{ _id: string; name: string; priceCents: number; period: "month" | "year"; active: boolean } | null>;
  /** Stripe's subscriptions, when online payment is set up. */
  provider: SubscriptionProvider | null;
  publicUrl: string;
  /**
   * After a membership started: plan its visits now rather than at the worker's next pass (a visit due within the
   * lead time is on the board at once). The database's key keeps each visit to one booking whoever plans it.
   */
  planNow?: () => void;
}

const monthsOf = (period: "month" | "year") => (period === "year" ? 12 : 1);
const endOfPeriod = (start: string, period: "month" | "year") => addMonths(start, monthsOf(period));
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
/** "$12.87", for the membership's history. */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The one path by which a membership starts, is billed, falls past due, is cancelled and ends, whoever acts (the
 * office, the customer, Stripe's events): one transaction each, its history and audit written in it, its e-mails
 * through the outbox.
 */
export function membershipService(deps: MembershipServiceDeps) {
  const { repo, clock } = deps;
  const { write, tell } = effectsOf(deps);
  const profile = async () => withSettingsProfile(deps.profile, (await deps.settings()).profile);
  const portalUrl = () => `${deps.publicUrl}/portal`;
  const mailTo = async (
    m: MembershipRow,
    mail: Omit<MembershipMail, "customer" | "planName" | "locale">,
  ): Promise<OutboxOrder[]> =>
    membershipOrder(
      { name: m.customer_name, email: m.customer_email, locale: m.customer_locale, planName: m.plan_name },
      mail,
      await profile(),
    );
  const audited = (
    actor: Actor,
    id: string,
    action: "create" | "status" | "cancel" | "payment",
    before: object | null,
    after: object,
  ): AuditRecord => ({ actor, entityType: "membership", entityId: id, action, before, after });

  /** Moves a locked membership to `status`, with its history line and its audit entry. */
  const move = async (
    tx: Tx,
    m: MembershipRow,
    status: MembershipStatus,
    note: string,
    actor: Actor,
    extra: { subscriptionId?: string; customerId?: string; currentPeriodEnd?: Date } = {},
  ): Promise<Effects> => {
    await repo.setStatus(tx, m.id, { status, ...extra });
    await repo.history(tx, m.id, clock.now(), status, note);
    return { audit: [audited(actor, m.id, "status", { status: m.status }, { status })], outbox: [], live: [] };
  };

  /** A plan invoice for a period, numbered from the invoices' counter (late: after every check that may refuse). */
  const issueInvoice = async (
    tx: Tx,
    m: MembershipRow,
    period: { start: string; end: string },
    paid: { amountCents: number; stripeInvoiceId: string; paymentIntent: string } | null,
  ) => {
    const { seq, number } = await allocateNumber(tx, "invoice");
    const now = clock.now();
    const amountCents = paid?.amountCents ?? Number(m.plan_price_cents);
    await repo.addInvoice(tx, {
      membershipId: m.id,
      number,
      seq,
      periodStart: period.start,
      periodEnd: period.end,
      amountCents,
      paidCents: paid ? amountCents : 0,
      issuedAt: now,
      paidAt: paid ? now : null,
      stripeInvoiceId: paid?.stripeInvoiceId ?? null,
      paymentIntent: paid?.paymentIntent ?? "",
    });
    return { number, amountCents };
  };

  /** What cancelling at once today gives back: the unused part of the paid period under way, if any. */
  const refundOf = async (m: ListedMembership) => {
    const today = todayIn((await profile()).timeZone, clock.now());
    const paid = await repo.paidPeriod(m._id, today);
    if (!paid) return null;
    const share = proratedRefund(paid.leftCents, { start: paid.start, end: paid.end }, today);
    return { ...share, invoiceId: paid.id, number: paid.number, paymentIntent: paid.payment_intent };
  };

  /** A plan invoice and its membership, locked: the membership first, the order every change of a membership takes. */
  const lockInvoiceOf = async (tx: Tx, invoiceId: string) => {
    const owner = await repo.invoiceOwner(tx, invoiceId);
    const m = owner ? await repo.lock(tx, owner) : null;
    const invoice = m ? await repo.lockInvoice(tx, invoiceId) : null;
    return m && invoice ? { m, invoice } : null;
  };

  /**
   * A locked plan invoice paid in full (by `how`, with the provider's payment when online): the membership back to
   * active if it was past due, its history, the audit of `paid`, and the receipt e-mailed.
   */
  const settle = async (
    tx: Tx,
    { m, invoice }: NonNullable<Awaited<ReturnType<typeof lockInvoiceOf>>>,
    how: string,
    actor: Actor,
    paid: object,
    paymentIntent = "",
  ): Promise<Effects> => {
    await repo.markPaid(tx, invoice.id, clock.now(), paymentIntent);
    const note = `Paid: ${invoice.number} (${how})`;
    const effects: Effects =
      m.status === "past_due"
        ? await move(tx, m, "active", note, actor)
        : await repo.history(tx, m.id, clock.now(), m.status, note).then(() => ({ audit: [], outbox: [], live: [] }));
    const receipt = await mailTo(m, {
      template: "receipt",
      url: portalUrl(),
      invoice: {
        number: invoice.number,
        amountCents: invoice.amountCents,
        periodStart: invoice.start,
        periodEnd: invoice.end,
      },
    });
    return { ...effects, audit: [...effects.audit, audited(actor, m.id, "payment", null, paid)], outbox: receipt };
  };

  const run = async (work: (tx: Tx) => Promise<Effects | null>) => {
    let effects: Effects | null = null;
    await repo.transaction(async (tx) => {
      effects = await work(tx);
      if (effects) await write(tx, effects);
    });
    if (effects) tell(effects);
  };

  const service = {
    /**
     * Enrolls a customer's property: by card link (a Checkout Session in subscription mode, e-mailed; the membership
     * waits for it as `pending`), or by invoice (active at once, its first period's plan invoice issued).
     */
    async enroll(customerId: string, input: EnrollInput, actor: Actor): Promise<ListedMembership> {
      const id = crypto.randomUUID();
      // The checks first, then the provider (outside any transaction), then the membership in one transaction.
      const checked = await repo.transaction(async (tx) => {
        const contact = await repo.contact(tx, customerId);
        if (!contact) throw new NotFound(MEMBERSHIP_MESSAGES.customerNotFound);
        const plan = await deps.plan(input.planId, tx);
        if (!plan) throw new BadRequest(MEMBERSHIP_MESSAGES.planNotFound);
        if (!plan.active) throw new Conflict(MEMBERSHIP_MESSAGES.planArchived);
        if (!(await repo.propertyOf(tx, customerId, input.propertyId))) {
          throw new BadRequest(MEMBERSHIP_MESSAGES.propertyNotFound);
        }
        if (await repo.current(tx, input.propertyId)) throw new Conflict(MEMBERSHIP_MESSAGES.already);
        if (input.payment === "card-link" && !contact.email) throw new BadRequest(MEMBERSHIP_MESSAGES.noEmail);
        return { contact, plan };
      });
      let checkout: { id: string; url: string } | null = null;
      if (input.payment === "card-link") {
        if (!deps.provider) throw new Conflict(MEMBERSHIP_MESSAGES.notSetUp);
        checkout = await deps.provider.checkout({
          membershipId: id,
          planName: checked.plan.name,
          priceCents: checked.plan.priceCents,
          period: checked.plan.period,
          email: checked.contact.email!,
          successUrl: `${portalUrl()}?joined=1`,
          cancelUrl: portalUrl(),
        });
      }
      await run(async (tx) => {
        if (await repo.current(tx, input.propertyId)) throw new Conflict(MEMBERSHIP_MESSAGES.already);
        const byInvoice = input.payment === "invoice";
        const periodEnd = endOfPeriod(input.start, checked.plan.period);
        await repo.insert(tx, {
          id,
          customerId,
          propertyId: input.propertyId,
          planId: checked.plan._id,
          start: input.start,
          payment: input.payment,
          status: byInvoice ? "active" : "pending",
          checkoutUrl: checkout?.url ?? null,
          checkoutSessionId: checkout?.id ?? null,
          currentPeriodEnd: byInvoice ? noon(periodEnd) : null,
          createdBy: actor.name,
        });
        const status: MembershipStatus = byInvoice ? "active" : "pending";
        await repo.history(tx, id, clock.now(), status, byInvoice ? "Enrolled, billed by invoice" : "Card link sent");
        const m = (await repo.lock(tx, id))!;
        // Texted too, to the first phone on record: the SMS channel sends it only with the customer's consent.
        const phone = checked.contact.phone ? toE164(checked.contact.phone) : null;
        const text = phone ? { phone, customerId } : undefined;
        const outbox = checkout ? await mailTo(m, { template: "join", url: checkout.url, text }) : [];
        if (byInvoice) await issueInvoice(tx, m, { start: input.start, end: periodEnd }, null);
        return { audit: [audited(actor, id, "create", null, { ...input, status })], outbox, live: [] };
      });
      if (input.payment === "invoice") deps.planNow?.();
      return (await repo.one(id))!;
    },

    /**
     * The signed-in customer joins a plan for one of their properties: by card, from today (the server's date), as
     * the office's card link would. Another customer's property, or none, is not found.
     */
    async join(customerId: string | null, input: JoinInput, actor: Actor): Promise<ListedMembership> {
      const theirs =
        customerId !== null && (await repo.transaction((tx) => repo.propertyOf(tx, customerId, input.propertyId)));
      if (!theirs) throw new NotFound(MEMBERSHIP_MESSAGES.propertyNotFoundForCustomer);
      const today = todayIn((await profile()).timeZone, clock.now());
      return await service.enroll(customerId, { ...input, start: today, payment: "card-link" }, actor);
    },

    /**
     * Cancels: at the end of the period (Stripe's cancel_at_period_end; the membership is `cancelling` until the
     * subscription's deletion ends it), or at once (`ended`). At once, the office's cancel gives back the unused part
     * of the period paid (`proratedRefund`): through the provider for a card membership, once whatever is retried
     * (the provider's idempotency key is the plan invoice's); the customer only ever cancels at the period's end.
     */
    async cancel(id: string, atPeriodEnd: boolean, actor: Actor, owner?: string): Promise<ListedMembership> {
      const found = await repo.one(id);
      if (!found || (owner !== undefined && found.customerId !== owner)) {
        throw new NotFound(MEMBERSHIP_MESSAGES.notFound);
      }
      if (found.status === "ended") throw new Conflict(MEMBERSHIP_MESSAGES.ended);
      if (found.status === "cancelling" && atPeriodEnd) throw new Conflict(MEMBERSHIP_MESSAGES.cancelling);
      if (found.subscriptionId && !deps.provider) throw new Conflict(MEMBERSHIP_MESSAGES.notSetUp);
      const refund = atPeriodEnd ? null : await refundOf(found);
      if (found.subscriptionId) await deps.provider!.cancel(found.subscriptionId, atPeriodEnd);
      // After the subscription is cancelled, before anything is written: a failure here leaves the membership as it
      // was, and the office's retry cancels (again, harmlessly) and refunds under the same key.
      const refundId =
        refund && refund.cents > 0 && refund.paymentIntent && deps.provider
          ? await deps.provider.refund(refund.paymentIntent, refund.cents, `plan-refund-${refund.invoiceId}`)
          : null;
      await run(async (tx) => {
        const m = await repo.lock(tx, id);
        if (!m || m.status === "ended") return null;
        // A pending membership has no period to wait for.
        const status: MembershipStatus = atPeriodEnd && m.status !== "pending" ? "cancelling" : "ended";
        let note = status === "cancelling" ? "Cancelled at the end of the period" : "Cancelled at once";
        if (refund && refund.cents > 0) {
          await repo.recordRefund(tx, refund.invoiceId, refund.cents, refundId, clock.now());
          const given = refundId ? "refunded to the card" : "to refund by hand";
          note += `: ${dollars(refund.cents)} ${given} (${refund.unusedDays} of ${refund.days} days unused, ${refund.number})`;
        }
        const effects = await move(tx, m, status, note, actor);
        const after = { status, atPeriodEnd, refundCents: refund?.cents ?? 0 };
        return { ...effects, audit: [audited(actor, id, "cancel", { status: m.status }, after)] };
      });
      return (await repo.one(id))!;
    },

    /**
     * A plan invoice of a membership billed by invoice, paid on site by cash or check: the whole of it, once (a
     * second recording of the same invoice is refused), the membership back to active if it was past due, the
     * receipt e-mailed. The method and reference are in the membership's history and the audit.
     */
    async recordPayment(invoiceId: string, input: PlanPaymentInput, actor: Actor): Promise<ListedMembership> {
      let membershipId = "";
      await run(async (tx) => {
        const locked = await lockInvoiceOf(tx, invoiceId);
        if (!locked) throw new NotFound(MEMBERSHIP_MESSAGES.invoiceNotFound);
        const { m, invoice } = locked;
        if (m.payment !== "invoice") throw new Conflict(MEMBERSHIP_MESSAGES.paidByCard);
        if (invoice.paidCents >= invoice.amountCents) throw new Conflict(MEMBERSHIP_MESSAGES.alreadyPaid);
        membershipId = m.id;
        const how = input.reference ? `${input.method}, ${input.reference}` : input.method;
        return await settle(tx, locked, how, actor, {
          number: invoice.number,
          amountCents: invoice.amountCents,
          ...input,
        });
      });
      return (await repo.one(membershipId))!;
    },

    /**
     * A Checkout Session for what an open plan invoice of the customer's own membership billed by invoice still asks:
     * the amount is the server's, the invoice must be theirs (else not found), and a card membership's or a paid
     * invoice is refused. The payment is recorded by the webhook, once.
     */
    async checkoutInvoice(membershipId: string, invoiceId: string, owner: string | null): Promise<{ url: string }> {
      const found = await repo.one(membershipId);
      const invoice = found?.invoices.find((i) => i._id === invoiceId);
      if (!found || owner === null || found.customerId !== owner || !invoice) {
        throw new NotFound(MEMBERSHIP_MESSAGES.invoiceNotFound);
      }
      if (found.payment !== "invoice") throw new Conflict(MEMBERSHIP_MESSAGES.paidByCard);
      if (invoice.paidCents >= invoice.amountCents) throw new Conflict(MEMBERSHIP_MESSAGES.alreadyPaid);
      if (!deps.provider) throw new Conflict(MEMBERSHIP_MESSAGES.notSetUp);
      const contact = await repo.transaction((tx) => repo.contact(tx, owner));
      if (!contact?.email) throw new Conflict(MEMBERSHIP_MESSAGES.noEmail);
      return await deps.provider.invoiceCheckout({
        planInvoiceId: invoice._id,
        number: invoice.number,
        planName: found.plan.name,
        amountCents: invoice.amountCents - invoice.paidCents,
        email: contact.email,
        successUrl: `${portalUrl()}?paid=${encodeURIComponent(invoice.number)}`,
        cancelUrl: portalUrl(),
      });
    },

    /** A verified event of a plan's subscription, recorded once whatever Stripe retries or someone replays. */
    async event(eventId: string, event: SubscriptionEvent): Promise<void> {
      const system: Actor = { kind: "system", id: null, name: "Stripe", email: "" };
      // The Billing Portal's link is asked for before the transaction: no lock waits on the provider.
      const updateUrl =
        event.type === "failed" && deps.provider && event.customerId
          ? await deps.provider.portal(event.customerId, portalUrl()).catch(() => portalUrl())
          : portalUrl();
      let started = false;
      await run(async (tx) => {
        if (!(await repo.claimEvent(tx, eventId))) return null;
        switch (event.type) {
          case "started": {
            const m = await repo.lock(tx, event.membershipId);
            if (!m || m.status !== "pending") return null;
            const periodEnd = endOfPeriod(m.start_date, m.plan_period);
            started = true;
            return await move(tx, m, "active", "Paid by card: membership started", system, {
              subscriptionId: event.subscriptionId,
              customerId: event.customerId,
              currentPeriodEnd: noon(periodEnd),
            });
          }
          case "paid": {
            const m = await repo.lockBySubscription(tx, event.subscriptionId);
            if (!m || (await repo.invoiceRecorded(tx, m.id, event.invoiceId, event.periodStart))) return null;
            const invoice = await issueInvoice(
              tx,
              m,
              { start: event.periodStart, end: event.periodEnd },
              { amountCents: event.amountCents, stripeInvoiceId: event.invoiceId, paymentIntent: event.paymentIntent },
            );
            const back = m.status === "past_due" || m.status === "pending";
            const effects = back
              ? await move(tx, m, "active", `Paid: ${invoice.number}`, system, {
                  currentPeriodEnd: noon(event.periodEnd),
                })
              : await (async () => {
                  await repo.setStatus(tx, m.id, { status: m.status, currentPeriodEnd: noon(event.periodEnd) });
                  await repo.history(tx, m.id, clock.now(), m.status, `Paid: ${invoice.number}`);
                  return { audit: [], outbox: [], live: [] } as Effects;
                })();
            const receipt = await mailTo(m, {
              template: "receipt",
              url: portalUrl(),
              invoice: { ...invoice, periodStart: event.periodStart, periodEnd: event.periodEnd },
            });
            return {
              ...effects,
              audit: [...effects.audit, audited(system, m.id, "payment", null, invoice)],
              outbox: receipt,
            };
          }
          case "invoice-paid": {
            const locked = await lockInvoiceOf(tx, event.planInvoiceId);
            // The same payment told again under another event: recorded already.
            if (!locked || (event.paymentIntent && locked.invoice.payment_intent === event.paymentIntent)) return null;
            const { m, invoice } = locked;
            const paid = { number: invoice.number, amountCents: event.amountCents, method: "online" };
            if (invoice.paidCents >= invoice.amountCents) {
              // Paid on site while the customer was at the checkout: the money was taken, and the office gives it back.
              const note = `Paid again online: ${invoice.number} (${dollars(event.amountCents)}, ${event.paymentIntent}), to refund`;
              await repo.history(tx, m.id, clock.now(), m.status, note);
              return { audit: [audited(system, m.id, "payment", null, paid)], outbox: [], live: [] };
            }
            return await settle(tx, locked, `online, ${event.paymentIntent}`, system, paid, event.paymentIntent);
          }
          case "failed": {
            const m = await repo.lockBySubscription(tx, event.subscriptionId);
            if (!m || m.status === "ended" || m.status === "past_due") return null;
            const effects = await move(tx, m, "past_due", "A renewal payment failed", system, {
              customerId: event.customerId || undefined,
            });
            return { ...effects, outbox: await mailTo(m, { template: "past-due", url: updateUrl }) };
          }
          case "deleted": {
            const m = await repo.lockBySubscription(tx, event.subscriptionId);
            if (!m || m.status === "ended") return null;
            return await move(tx, m, "ended", "Subscription ended", system);
          }
        }
      });
      if (started) deps.planNow?.();
    },

    /** The card on file of a membership paid by card, as the provider tells it (null when it cannot say now). */
    async card(m: ListedMembership) {
      if (!m.subscriptionId || !deps.provider || m.status === "ended") return null;
      return await deps.provider.card(m.subscriptionId).catch(() => null);
    },
  };
  return service;
}

export type MembershipService = ReturnType<typeof membershipService>;
