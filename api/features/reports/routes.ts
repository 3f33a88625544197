import { Hono, type MiddlewareHandler } from "hono";
import {
  bucketFor,
  exportFilename,
  previousPeriod,
  type ReportExport,
  type ReportPeriod,
} from "../../contracts/reports/reports.ts";
import { ReportQuerySchema } from "../../contracts/reports/schemas.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateQuery } from "../../http/validate.ts";
import { csvStream, dollars } from "./csv.ts";
import type { MembershipReports } from "./memberships.ts";
import type { InvoiceCsvRow, MoneyReports, PaymentCsvRow } from "./money.ts";
import { todayIn } from "../../contracts/schedule/dates.ts";
import type { Clock } from "../../platform/clock.ts";
import type { BookingCsvRow, CustomerCsvRow, ReportsRepo } from "./repo.ts";

/** Rows read from the database per round trip while a CSV streams. */
const CSV_BATCH = 1000;

const BOOKING_HEADER = [
  "Booking ID",
  "Booked at (UTC)",
  "Visit date",
  "Visit time",
  "Status",
  "First name",
  "Last name",
  "E-mail",
  "Phone",
  "Address",
  "City",
  "State",
  "ZIP",
  "Service",
  "Units",
  "Unit type",
  "Original price",
  "Discount",
  "Price",
  "Technician",
  "Visit stage",
  "Comment",
];

const bookingFields = (r: BookingCsvRow) => [
  r.id,
  r.created_at.toISOString(),
  r.cleaning_date,
  r.cleaning_time,
  r.status,
  r.first_name,
  r.last_name,
  r.email,
  r.contact_number,
  r.home_address,
  r.city,
  r.state,
  r.zip,
  r.service,
  r.unit_count,
  r.furnace_or_unit,
  r.original_price,
  r.discount_amount,
  r.estimated_price,
  r.technician,
  r.visit_stage,
  r.comment,
];

const CUSTOMER_HEADER = [
  "E-mail",
  "Name",
  "Phone",
  "City",
  "ZIP",
  "Bookings",
  "Completed",
  "Revenue",
  "First visit",
  "Last visit",
];

const customerFields = (r: CustomerCsvRow) => [
  r.email,
  r.name,
  r.phone,
  r.city,
  r.zip,
  r.bookings,
  r.completed,
  Math.round(r.revenue * 100) / 100,
  r.first_visit,
  r.last_visit,
];

const INVOICE_HEADER = [
  "Invoice",
  "Issued",
  "Due",
  "Status",
  "Customer",
  "E-mail",
  "Subtotal",
  "Tax",
  "Total",
  "Paid",
  "Balance",
  "Booking ID",
];

const invoiceFields = (r: InvoiceCsvRow) => [
  r.number,
  r.issued,
  r.due,
  r.status,
  r.customer,
  r.email,
  dollars(r.subtotal_cents),
  dollars(r.tax_cents),
  dollars(r.total_cents),
  dollars(r.paid_cents),
  dollars(r.status === "void" ? 0 : r.total_cents - r.paid_cents),
  r.booking_id,
];

const PAYMENT_HEADER = [
  "Payment ID",
  "Date",
  "Received at (UTC)",
  "Invoice",
  "Customer",
  "Method",
  "Reference",
  "Amount",
  "Refunded",
  "Tip",
  "Recorded by",
];

const paymentFields = (r: PaymentCsvRow) => [
  r.id,
  r.day,
  r.at.toISOString(),
  r.number,
  r.customer,
  r.method,
  r.reference,
  dollars(r.amount_cents),
  dollars(r.refunded_cents),
  dollars(r.tip_cents),
  r.by_name,
];

export interface ReportsDeps {
  repo: ReportsRepo;
  money: MoneyReports;
  memberships: MembershipReports;
  clock: Clock;
  businessTz: string;
  requireAdmin: MiddlewareHandler<AppEnv>;
  /** Step-up: every customer's details leave in a CSV only after a recent sign-in. */
  requireRecentSignIn: MiddlewareHandler<AppEnv>;
}

/**
 * /api/reports, owners and admins only (a technician 403, unsigned 401): the summary of a period and
 * the CSV exports for the accountant, streamed from a cursor.
 */
export function reportsRoutes({
  repo,
  money,
  memberships,
  clock,
  businessTz,
  requireAdmin,
  requireRecentSignIn,
}: ReportsDeps) {
  const download = (kind: ReportExport, period: ReportPeriod, body: ReadableStream<Uint8Array>) =>
    new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFilename(kind, period)}"`,
        // Customer data: never kept by a shared cache.
        "Cache-Control": "private, no-store",
      },
    });

  return new Hono<AppEnv>()
    .use(requireAdmin)
    .get("/summary", validateQuery(ReportQuerySchema), async (c) => {
      const period = c.req.valid("query");
      const previous = previousPeriod(period);
      const bucket = bucketFor(period);
      const today = todayIn(businessTz, clock.now());
      const [totals, previousTotals, { series, byService, byZip }, byTechnician, figures, members] = await Promise.all([
        repo.totals(period),
        repo.totals(previous),
        repo.figures(period, bucket),
        repo.technicians(period),
        money.money(period, today),
        memberships(today),
      ]);
      return c.json({
        period: { ...period, bucket },
        previous: { ...previous, totals: previousTotals },
        totals,
        series,
        byService,
        byTechnician,
        byZip,
        ...figures,
        memberships: members,
      });
    })
    .get("/bookings.csv", requireRecentSignIn, validateQuery(ReportQuerySchema), (c) => {
      const period = c.req.valid("query");
      return download(
        "bookings",
        period,
        csvStream(BOOKING_HEADER, repo.bookingRows(period, CSV_BATCH), bookingFields),
      );
    })
    .get("/customers.csv", requireRecentSignIn, validateQuery(ReportQuerySchema), (c) => {
      const period = c.req.valid("query");
      return download(
        "customers",
        period,
        csvStream(CUSTOMER_HEADER, repo.customerRows(period, CSV_BATCH), customerFields),
      );
    })
    .get("/invoices.csv", requireRecentSignIn, validateQuery(ReportQuerySchema), (c) => {
      const period = c.req.valid("query");
      return download(
        "invoices",
        period,
        csvStream(INVOICE_HEADER, money.invoiceRows(period, CSV_BATCH), invoiceFields),
      );
    })
    .get("/payments.csv", requireRecentSignIn, validateQuery(ReportQuerySchema), (c) => {
      const period = c.req.valid("query");
      return download(
        "payments",
        period,
        csvStream(PAYMENT_HEADER, money.paymentRows(period, CSV_BATCH), paymentFields),
      );
    });
}
