import type { Locale } from "../../contracts/i18n/locales.ts";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { webhookEvents } from "../../platform/metrics.ts";
import { staffActor } from "../../contracts/common/actor.ts";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import {
  type PaymentInput,
  CheckoutSchema,
  InvoicesQuerySchema,
  InvoiceUpdateSchema,
  PaymentSchema,
  RefundSchema,
  VoidSchema,
} from "../../contracts/invoices/schemas.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import { BadRequest, NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { bodyHash, idempotencyKey } from "../../http/idempotency.ts";
import { publicRoute } from "../../http/roles.ts";
import { validateJson, validateOptionalJson, validateQuery } from "../../http/validate.ts";
import { INVOICE_MESSAGES, type InvoiceExecutor } from "./executor.ts";
import { publicView } from "./public-view.ts";
import type { InvoicesRepo, InvoiceTarget } from "./repo.ts";
import { BAD_SIGNATURE, type CompletedCheckout, type PaymentProvider } from "./stripe.ts";
import type { SubscriptionEvent } from "../../platform/stripe-subscriptions.ts";

export interface InvoicesDeps {
  /** A plan subscription's verified event (the memberships record it once); absent, such events are answered only. */
  subscriptionEvent?: (eventId: string, event: SubscriptionEvent) => Promise<void>;
  invoices: InvoiceExecutor;
  repo: InvoicesRepo;
  provider: PaymentProvider | null;
  profile: () => Promise<BusinessProfile>;
  businessTz: string;
  requireAdmin: MiddlewareHandler<AppEnv>;
  /** Step-up for refunds and voids (not for the payments a technician's device records). */
  requireRecentSignIn: MiddlewareHandler<AppEnv>;
  requireStaff: MiddlewareHandler<AppEnv>;
  /** The language a staff member works in: the office's copy of a PDF is in it. */
  staffLocale: (staffId: string) => Promise<Locale>;
}

const pdfResponse = (c: Context<AppEnv>, invoice: Invoice, bytes: Uint8Array) =>
  c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="invoice-${invoice.number}.pdf"`,
    "Cache-Control": "private, no-store",
  });

/**
 * /api/invoices: the office lists them, staff who may see the booking read and work one (a technician their own
 * job's: another one's is not found), the customer's link `/by-token/{token}` reads it and pays it online.
 */
export function invoicesRoutes({
  invoices,
  repo,
  provider,
  profile,
  businessTz,
  requireAdmin,
  requireStaff,
  requireRecentSignIn,
  staffLocale,
}: InvoicesDeps) {
  const visible = async (c: Context<AppEnv>, target: InvoiceTarget) => {
    const found = await repo.find(target);
    if (!found) throw new NotFound(INVOICE_MESSAGES.notFound);
    invoices.assertMayWorkOn(staffActor(c.get("user")), found.booking, INVOICE_MESSAGES.notFound);
    return found;
  };
  const byToken = async (token: string) => {
    const found = await repo.find({ token });
    if (!found) throw new NotFound(INVOICE_MESSAGES.notFound);
    return found;
  };

  return new Hono<AppEnv>()
    .get("/by-token/:token", publicRoute, async (c) => {
      const found = await byToken(c.req.param("token"));
      c.header("Cache-Control", "private, no-store");
      return c.json({ data: publicView(found, await profile(), provider !== null) });
    })
    .get("/by-token/:token/pdf", publicRoute, async (c) => {
      const found = await byToken(c.req.param("token"));
      return pdfResponse(c, found.invoice, await invoices.pdf(found));
    })
    .post("/by-token/:token/checkout", publicRoute, validateOptionalJson(CheckoutSchema), async (c) => {
      return c.json(await invoices.checkout(c.req.param("token"), c.req.valid("json").tipCents));
    })
    .get("/", requireAdmin, validateQuery(InvoicesQuerySchema), async (c) => {
      return c.json(await repo.page(c.req.valid("query"), businessTz));
    })
    .get("/:id", requireStaff, async (c) => c.json({ data: (await visible(c, { id: c.req.param("id") })).invoice }))
    .get("/:id/pdf", requireStaff, async (c) => {
      const found = await visible(c, { id: c.req.param("id") });
      // The office's copy, in the language of the staff member who opens it.
      return pdfResponse(c, found.invoice, await invoices.pdf(found, await staffLocale(c.get("user")._id)));
    })
    .put("/:id", requireAdmin, validateJson(InvoiceUpdateSchema), async (c) => {
      const outcome = await invoices.update(c.req.param("id"), c.req.valid("json"), staffActor(c.get("user")));
      return c.json(outcome.body);
    })
    .post("/:id/void", requireAdmin, requireRecentSignIn, validateJson(VoidSchema), async (c) => {
      const outcome = await invoices.void(c.req.param("id"), c.req.valid("json").reason, staffActor(c.get("user")));
      return c.json(outcome.body);
    })
    .post("/:id/send", requireStaff, async (c) => {
      return c.json((await invoices.send(c.req.param("id"), staffActor(c.get("user")))).body);
    })
    .post("/:id/payments", requireStaff, validateJson(PaymentSchema), async (c) => {
      const id = c.req.param("id");
      return await recordPayment(invoices, c, { id }, `POST payments ${id}`, c.req.valid("json"));
    });
}

/** Records a payment with its Idempotency-Key (required), scoped to the route and target it came by. */
async function recordPayment(
  invoices: InvoiceExecutor,
  c: Context<AppEnv>,
  target: InvoiceTarget,
  route: string,
  input: PaymentInput,
) {
  const request = { route, key: idempotencyKey(c), bodyHash: bodyHash(input) };
  const outcome = await invoices.pay(target, input, staffActor(c.get("user")), request);
  return c.json(outcome.body, outcome.status as 200 | 201);
}

/**
 * Under /api/bookings: the booking's invoice made (201) or found (200), and a payment on it by the booking's id, which
 * a device that made both offline knows before it knows the invoice's.
 */
export function bookingInvoiceRoutes({ invoices, requireStaff }: Pick<InvoicesDeps, "invoices" | "requireStaff">) {
  return new Hono<AppEnv>()
    .post("/:id/invoice", requireStaff, async (c) => {
      const outcome = await invoices.create(c.req.param("id"), staffActor(c.get("user")));
      return c.json(outcome.body, outcome.status as 200 | 201);
    })
    .post("/:id/invoice/payments", requireStaff, validateJson(PaymentSchema), async (c) => {
      const bookingId = c.req.param("id");
      return await recordPayment(invoices, c, { bookingId }, `POST invoice payments ${bookingId}`, c.req.valid("json"));
    });
}

/** /api/payments/{id}/refunds: the office gives back part or all of a payment. */
export function paymentRoutes({
  invoices,
  requireAdmin,
  requireRecentSignIn,
}: Pick<InvoicesDeps, "invoices" | "requireAdmin" | "requireRecentSignIn">) {
  return new Hono<AppEnv>().post(
    "/:id/refunds",
    requireAdmin,
    requireRecentSignIn,
    validateJson(RefundSchema),
    async (c) => {
      const { amountCents, reason } = c.req.valid("json");
      const outcome = await invoices.refund(c.req.param("id"), amountCents, reason, staffActor(c.get("user")));
      return c.json(outcome.body, 201);
    },
  );
}

/**
 * /api/webhooks/stripe: Stripe's events, checked against the raw body's signature (400 and nothing written when it
 * fails or is over 5 minutes old); a paid Checkout Session records its payment once, a plan subscription's event goes
 * to the memberships, which record it once; other events answer 200.
 */
export function webhookRoutes({
  invoices,
  provider,
  depositPaid,
  subscriptionEvent,
}: Pick<InvoicesDeps, "invoices" | "provider" | "subscriptionEvent"> & {
  /** A deposit's paid session goes to the estimates, whose approval it records. */
  depositPaid: (eventId: string, paid: CompletedCheckout) => Promise<void>;
}) {
  return new Hono<AppEnv>().post("/stripe", publicRoute, async (c) => {
    if (!provider) throw new NotFound(INVOICE_MESSAGES.notSetUp);
    const signature = c.req.header("Stripe-Signature");
    if (!signature) {
      webhookEvents.inc({ provider: "stripe", result: "refused" });
      throw new BadRequest(BAD_SIGNATURE);
    }
    const event = await provider.event(await c.req.text(), signature).catch((error) => {
      webhookEvents.inc({ provider: "stripe", result: "refused" });
      throw error;
    });
    webhookEvents.inc({ provider: "stripe", result: "verified" });
    if (event.subscription && subscriptionEvent) await subscriptionEvent(event.id, event.subscription);
    else if (event.completed?.estimateId && !event.completed.invoiceId) await depositPaid(event.id, event.completed);
    else await invoices.recordOnline(event.id, event.completed);
    return c.json({ received: true });
  });
}
