import { type Actor, isTechnician } from "../../contracts/common/actor.ts";
import { paymentsRecorded } from "../../platform/metrics.ts";
import { formatMoney } from "../../contracts/common/money.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { ApprovedWorkItem } from "../../contracts/estimates/estimate.ts";
import { INVOICE_DUE_DAYS, type Invoice, type PaymentMethod } from "../../contracts/invoices/invoice.ts";
import type { InvoiceUpdate, PaymentInput } from "../../contracts/invoices/schemas.ts";
import { centsToDollars } from "../../contracts/money/amounts.ts";
import { withSettingsProfile } from "../../contracts/settings/settings.ts";
import { boundedAt } from "../../contracts/visit/visit.ts";
import type { Tx } from "../../db/client.ts";
import type { IdempotentOutcome, IdempotentRequest } from "../../db/idempotency.ts";
import { allocateNumber } from "../../db/numbers.ts";
import { BadRequest, Conflict, NotFound } from "../../errors.ts";
import { base64Of } from "../../platform/pdf.ts";
import { type CommandDeps, type Effects, effectsOf } from "../../platform/effects.ts";
import type { OutboxOrder } from "../../outbox/orders.ts";
import { effectsOfChange, effectsOfPayment, effectsOfRefund, effectsOfSending, paidInFull } from "./effects.ts";
import { invoiceLinesOf, invoiceTotals, pricedAdjustments, withMemberDiscount } from "./lines.ts";
import type { Locale } from "../../contracts/i18n/locales.ts";
import { translator } from "../../i18n/translator.ts";
import { invoicePdf } from "./pdf.ts";
import type { FoundInvoice, InvoiceBooking, InvoicesRepo, InvoiceTarget } from "./repo.ts";
import type { CompletedCheckout, PaymentProvider } from "./stripe.ts";

export interface InvoiceExecutorDeps extends CommandDeps {
  repo: InvoicesRepo;
  /** The approved estimate options of a booking, which its invoice bills. */
  approvedWork: (bookingId: string) => Promise<ApprovedWorkItem[]>;
  /** Stripe, when online payment is set up. */
  provider: PaymentProvider | null;
  /** The plan and discount of a membership on the booking's property, if any: its own line on the invoice. */
  memberDiscount?: (bookingId: string, tx: Tx) => Promise<{ planName: string; percent: number } | null>;
  publicUrl: string;
  /**
   * The "How did we do?" order of a completed visit whose invoice was just paid in full (null: none, e.g. the switch
   * in Settings is off). The outbox keeps it to one per booking ever.
   */
  ratingWhenPaid?: (booking: InvoiceBooking, now: Date, tx: Tx) => Promise<OutboxOrder | null>;
}

type Answer = IdempotentOutcome<DataEnvelope<Invoice>>;

const WITHOUT_KEY = { route: "", key: null, bodyHash: "" } satisfies IdempotentRequest;
const DAY = 24 * 60 * 60 * 1000;

export const INVOICE_MESSAGES = {
  notFound: "Invoice not found",
  paymentNotFound: "Payment not found",
  notCompleted: "The visit is not completed yet: the office can invoice it, or you once it is",
  cancelled: "A cancelled booking is not invoiced",
  void: "This invoice is void",
  paidSomething: "An invoice can be edited only while nothing is paid",
  unrefunded: "Refund its payments before voiding this invoice",
  overBalance: (balance: number) => `That is more than the balance of ${formatMoney(centsToDollars(balance))}`,
  overRefund: (left: number) => `At most ${formatMoney(centsToDollars(left))} of this payment is left to refund`,
  notSetUp: "Online payment is not set up",
  nothingDue: "Nothing is due on this invoice",
  keyRequired: "An Idempotency-Key header is required to record a payment",
  tipsOff: "Tips are turned off in Settings",
  depositHeld: "This deposit is held until the job's invoice is made: refund it from the invoice",
  tipByCard: "A tip is taken only with a card or online payment",
} as const;

/** A tip is refused (400) on cash and checks, and whenever Settings has tips off; no tip is always fine. */
function assertTipAllowed(tipCents: number | undefined, method: PaymentMethod, tipsEnabled: boolean) {
  if (!tipCents) return;
  if (method !== "card" && method !== "online") throw new BadRequest(INVOICE_MESSAGES.tipByCard);
  if (!tipsEnabled) throw new BadRequest(INVOICE_MESSAGES.tipsOff);
}

/** Admins on any booking; a technician on their own job only (anyone else: not found). */
function assertMayWorkOn(actor: Actor, booking: Pick<InvoiceBooking, "technicianId">, missing: string) {
  if (isTechnician(actor) && booking.technicianId !== actor.id) throw new NotFound(missing);
}

/**
 * The one path by which an invoice comes to be and changes (issued, edited, sent, paid, refunded, voided), shaped as
 * the booking and estimate executors are: one transaction locks the invoice, decides, writes, writes its effects
 * through the one effects writer, and tells the screens after the commit.
 */
export function invoiceExecutor(deps: InvoiceExecutorDeps) {
  const { repo, clock, idempotency } = deps;
  const { write, tell } = effectsOf(deps);
  const urlOf = (i: Invoice) => `${deps.publicUrl}/invoices/${i.token}`;
  const profileNow = async () => withSettingsProfile(deps.profile, (await deps.settings()).profile);
  const customerOf = (b: InvoiceBooking) => ({
    name: `${b.firstName} ${b.lastName}`,
    email: b.email,
    address: b.address,
  });
  const context = async (invoice: Invoice, booking: InvoiceBooking) => {
    const profile = await profileNow();
    // What is sent is the customer's copy, in their language.
    const tr = translator(booking.locale, profile.timeZone);
    const pdf = base64Of(await invoicePdf(invoice, customerOf(booking), profile, tr));
    return { profile, url: urlOf(invoice), pdf };
  };
  /** What a payment's effects read: the e-mails' context, and the rating e-mail once a completed visit is paid. */
  const paymentContext = async (tx: Tx, before: Invoice, after: Invoice, booking: InvoiceBooking, now: Date) => {
    const settled = paidInFull(before, after) && booking.status === "completed" && deps.ratingWhenPaid;
    const rating = settled ? await deps.ratingWhenPaid!(booking, now, tx) : null;
    return { ...(await context(after, booking)), rating };
  };
  /** The invoice as it now is in the transaction. */
  const reread = async (tx: Tx, id: string) => (await repo.find({ id }, tx))!.invoice;

  const change = async (
    target: InvoiceTarget,
    request: IdempotentRequest,
    step: (tx: Tx, found: FoundInvoice, now: Date) => Promise<{ invoice: Invoice; effects: Effects; status?: number }>,
  ): Promise<Answer> => {
    let effects: Effects | null = null;
    const outcome = await idempotency.run(request, async (tx) => {
      const found = await repo.lock(tx, target);
      if (!found) throw new NotFound(INVOICE_MESSAGES.notFound);
      const done = await step(tx, found, clock.now());
      await write(tx, done.effects);
      effects = done.effects;
      return { status: done.status ?? 200, body: { data: done.invoice } };
    });
    if (!outcome.replayed && effects) tell(effects);
    return outcome;
  };

  return {
    /** The booking's invoice: made now (201), or the one it has (200). */
    async create(bookingId: string, actor: Actor): Promise<Answer> {
      const [settings, services, approved] = await Promise.all([
        deps.settings(),
        deps.services(),
        deps.approvedWork(bookingId),
      ]);
      let effects: Effects | null = null;
      const outcome = await idempotency.run(WITHOUT_KEY, async (tx) => {
        const booking = await repo.lockBooking(tx, bookingId);
        if (!booking) throw new NotFound(MESSAGES.bookingNotFound);
        assertMayWorkOn(actor, booking, MESSAGES.bookingNotFound);
        const existing = await repo.find({ bookingId }, tx);
        if (existing) return { status: 200, body: { data: existing.invoice } };
        if (booking.status === "cancelled") throw new Conflict(INVOICE_MESSAGES.cancelled);
        if (isTechnician(actor) && booking.visitStage !== "completed")
          throw new Conflict(INVOICE_MESSAGES.notCompleted);
        const title = services.find((s) => s._id === booking.serviceType)?.title ?? booking.serviceType;
        const member = deps.memberDiscount ? await deps.memberDiscount(bookingId, tx) : null;
        const lines = withMemberDiscount(invoiceLinesOf(booking, title, approved), member);
        const now = clock.now();
        const { seq, number } = await allocateNumber(tx, "invoice");
        await repo.insert(tx, {
          number,
          seq,
          bookingId,
          issuedAt: now,
          dueAt: new Date(now.getTime() + INVOICE_DUE_DAYS * DAY),
          lines,
          ...invoiceTotals(lines, settings.taxRatePercent),
          taxRatePercent: settings.taxRatePercent,
          taxLabel: settings.taxLabel,
          createdBy: actor.name,
        });
        const made = (await repo.find({ bookingId }, tx))!.invoice;
        await repo.attachDeposits(tx, made._id, bookingId);
        const invoice = await reread(tx, made._id);
        effects = effectsOfChange("create", null, invoice, booking, actor);
        await write(tx, effects);
        return { status: 201, body: { data: invoice } };
      });
      if (!outcome.replayed && effects) tell(effects);
      return outcome;
    },

    /** The office edits the adjustments or the due date, while nothing is paid. */
    async update(id: string, input: InvoiceUpdate, actor: Actor): Promise<Answer> {
      return await change({ id }, WITHOUT_KEY, async (tx, { invoice, booking }) => {
        if (invoice.status === "void") throw new Conflict(INVOICE_MESSAGES.void);
        if (invoice.payments.length > 0) throw new Conflict(INVOICE_MESSAGES.paidSomething);
        const adjustments = input.adjustments ? pricedAdjustments(input.adjustments) : invoice.adjustments;
        const base = invoice.lines.slice(0, invoice.lines.length - invoice.adjustments.length);
        const totals = invoiceTotals([...base, ...adjustments], invoice.taxRatePercent);
        if (totals.totalCents < 0) throw new BadRequest("The adjustments must not make the total negative");
        const dueAt = input.dueAt ? new Date(`${input.dueAt}T12:00:00Z`) : undefined;
        await repo.update(tx, invoice._id, { adjustments, totals, dueAt });
        const after = await reread(tx, invoice._id);
        return { invoice: after, effects: effectsOfChange("update", invoice, after, booking, actor) };
      });
    },

    /** Void: kept with its number; refused while payments remain unrefunded. */
    async void(id: string, reason: string, actor: Actor): Promise<Answer> {
      return await change({ id }, WITHOUT_KEY, async (tx, { invoice, booking }, now) => {
        if (invoice.status === "void") throw new Conflict(INVOICE_MESSAGES.void);
        if (invoice.paidCents > 0) throw new Conflict(INVOICE_MESSAGES.unrefunded);
        await repo.voidInvoice(tx, invoice._id, reason, now);
        const after = await reread(tx, invoice._id);
        return { invoice: after, effects: effectsOfChange("void", invoice, after, booking, actor) };
      });
    },

    /** E-mails the customer the invoice with its PDF and link. */
    async send(id: string, actor: Actor): Promise<Answer> {
      return await change({ id }, WITHOUT_KEY, async (_tx, { invoice, booking }) => {
        assertMayWorkOn(actor, booking, INVOICE_MESSAGES.notFound);
        if (invoice.status === "void") throw new Conflict(INVOICE_MESSAGES.void);
        return { invoice, effects: effectsOfSending(invoice, booking, actor, await context(invoice, booking)) };
      });
    },

    /**
     * Cash, a check or a card on the business's terminal, recorded on site (maybe offline: the device's queue sends it
     * with its Idempotency-Key, which is required) or by the office: 201 with the invoice as it now stands.
     */
    async pay(target: InvoiceTarget, input: PaymentInput, actor: Actor, request: IdempotentRequest): Promise<Answer> {
      if (request.key === null) throw new BadRequest(INVOICE_MESSAGES.keyRequired);
      assertTipAllowed(input.tipCents, input.method, (await deps.settings()).tipsEnabled);
      const answer = await change(target, request, async (tx, { invoice, booking }, now) => {
        assertMayWorkOn(actor, booking, INVOICE_MESSAGES.notFound);
        if (invoice.status === "void") throw new Conflict(INVOICE_MESSAGES.void);
        if (input.amountCents > invoice.balanceCents) {
          throw new Conflict(INVOICE_MESSAGES.overBalance(invoice.balanceCents));
        }
        const at = boundedAt(input.at, now, booking.createdAt);
        const paymentId = await repo.addPayment(tx, {
          invoiceId: invoice._id,
          method: input.method,
          amountCents: input.amountCents,
          reference: input.reference,
          at,
          byName: actor.name,
          byId: actor.id,
          tipCents: input.tipCents ?? 0,
        });
        const after = await reread(tx, invoice._id);
        const payment = after.payments.find((p) => p._id === paymentId)!;
        const ctx = await paymentContext(tx, invoice, after, booking, now);
        const effects = effectsOfPayment(invoice, after, payment, booking, actor, ctx);
        return { invoice: after, effects, status: 201 };
      });
      if (!answer.replayed) paymentsRecorded.inc({ method: input.method });
      return answer;
    },

    /** Gives back part or all of a payment (online ones through the provider first). */
    async refund(paymentId: string, amountCents: number, reason: string, actor: Actor): Promise<Answer> {
      const located = await repo.transaction((tx) => repo.lockPayment(tx, paymentId));
      if (!located) throw new NotFound(INVOICE_MESSAGES.paymentNotFound);
      if (!located.invoiceId) throw new Conflict(INVOICE_MESSAGES.depositHeld);
      return await change({ id: located.invoiceId }, WITHOUT_KEY, async (tx, { invoice, booking }, now) => {
        const payment = await repo.lockPayment(tx, paymentId);
        if (!payment) throw new NotFound(INVOICE_MESSAGES.paymentNotFound);
        const left = payment.amountCents - payment.refundedCents;
        if (amountCents > left) throw new Conflict(INVOICE_MESSAGES.overRefund(left));
        let providerRef = "";
        if (payment.method === "online") {
          if (!deps.provider) throw new Conflict(INVOICE_MESSAGES.notSetUp);
          providerRef = await deps.provider.refund(payment.reference, amountCents);
        }
        await repo.addRefund(tx, payment._id, { amountCents, reason, byName: actor.name, providerRef, at: now });
        const after = await reread(tx, invoice._id);
        const refund = { payment: after.payments.find((p) => p._id === paymentId)!, amountCents, reason };
        const effects = effectsOfRefund(invoice, after, refund, booking, actor, await context(after, booking));
        return { invoice: after, effects };
      });
    },

    /** A Checkout Session for the balance, through the customer's link. */
    async checkout(token: string, tipCents = 0): Promise<{ url: string }> {
      if (!deps.provider) throw new Conflict(INVOICE_MESSAGES.notSetUp);
      assertTipAllowed(tipCents, "online", (await deps.settings()).tipsEnabled);
      const found = await repo.find({ token });
      if (!found) throw new NotFound(INVOICE_MESSAGES.notFound);
      const { invoice, booking } = found;
      if (invoice.status === "void") throw new Conflict(INVOICE_MESSAGES.void);
      if (invoice.balanceCents <= 0) throw new Conflict(INVOICE_MESSAGES.nothingDue);
      const page = urlOf(invoice);
      return await deps.provider.checkout({
        invoiceId: invoice._id,
        number: invoice.number,
        amountCents: invoice.balanceCents,
        tipCents,
        email: booking.email,
        successUrl: `${page}?paid=1`,
        cancelUrl: page,
      });
    },

    /**
     * A webhook's paid Checkout Session: one online payment per session and per event, whatever Stripe retries. The
     * money was taken: it is recorded even past the balance (the office refunds the difference).
     */
    async recordOnline(eventId: string, completed: CompletedCheckout | null): Promise<void> {
      let effects: Effects | null = null;
      await repo.transaction(async (tx) => {
        if (!(await repo.claimEvent(tx, eventId))) return;
        if (!completed?.invoiceId || (await repo.sessionRecorded(tx, completed.sessionId))) return;
        const found = await repo.lock(tx, { id: completed.invoiceId });
        if (!found) return;
        const { invoice, booking } = found;
        const now = clock.now();
        const paymentId = await repo.addPayment(tx, {
          invoiceId: invoice._id,
          method: "online",
          amountCents: completed.amountCents - completed.tipCents,
          tipCents: completed.tipCents,
          reference: completed.paymentIntent,
          at: now,
          byName: "Online",
          byId: null,
          checkoutSessionId: completed.sessionId,
        });
        const after = await reread(tx, invoice._id);
        const payment = after.payments.find((p) => p._id === paymentId)!;
        const actor: Actor = { kind: "customer", id: null, name: booking.email, email: booking.email };
        const ctx = await paymentContext(tx, invoice, after, booking, now);
        effects = effectsOfPayment(invoice, after, payment, booking, actor, ctx);
        await write(tx, effects);
      });
      if (effects) {
        paymentsRecorded.inc({ method: "online" });
        tell(effects);
      }
    },

    /**
     * The invoice's PDF as it now stands, in `locale`: the customer's through their link (the default), a staff
     * member's for the office's copy.
     */
    async pdf({ invoice, booking }: FoundInvoice, locale: Locale = booking.locale): Promise<Uint8Array> {
      const profile = await profileNow();
      return await invoicePdf(invoice, customerOf(booking), profile, translator(locale, profile.timeZone));
    },
    assertMayWorkOn,
  };
}

export type InvoiceExecutor = ReturnType<typeof invoiceExecutor>;
