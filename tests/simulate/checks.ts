// The end of the day, read from the database, the SMTP peer and the dashboards, held against the ledger: what was
// lost, what is there twice, and what is out of order.
import { stageIndex, type VisitStage } from "../../api/contracts/visit/visit.ts";
import type { connect } from "../../api/db/client.ts";
import type { Dashboard } from "../cluster/dashboard.ts";
import type { Device } from "./device.ts";
import type { Ledger } from "./ledger.ts";
import type { Received } from "./mailbox.ts";

type Sql = ReturnType<typeof connect>;

export interface Verdict {
  bookings: number;
  visits: number;
  photos: number;
  payments: number;
  emails: number;
  /** Copies of an e-mail already received (same Message-ID), sent again after a crash. */
  resent: number;
  /** Staff pushes received, and the copies among them (a row sent again after a crash). */
  pushes: number;
  pushesResent: number;
  lost: string[];
  duplicated: string[];
  outOfOrder: string[];
}

/** E-mails that fall due days later (a visit's reminder): not part of the day. */
const LATER_KINDS = ["visit-reminder", "rebook-reminder"];

export async function checkDay(
  sql: Sql,
  ledger: Ledger,
  mail: Received[],
  dashboards: Dashboard[],
  devices: Device[],
  pushesReceived: number,
): Promise<Verdict> {
  const lost: string[] = [...ledger.refused.map((r) => `refused: ${r}`)];
  const duplicated: string[] = [];
  const outOfOrder: string[] = [];

  for (const device of devices)
    if (device.pending > 0) lost.push(`${device.name}: ${device.pending} writes never sent`);

  // Every acknowledged booking once, as the day left it.
  const rows = await sql<
    { id: string; email: string; status: string; date: string; time: string; tech: string | null }[]
  >`
    select id::text, email, status, cleaning_date::text as date, cleaning_time as time, technician_id::text as tech
    from bookings where email like 'sim-%'`;
  const byEmail = Map.groupBy(rows, (r) => r.email);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [email, id] of ledger.bookings) {
    const stored = byEmail.get(email) ?? [];
    if (!stored.some((r) => r.id === id)) lost.push(`booking ${id} of ${email}`);
    if (stored.length > 1) duplicated.push(`${stored.length} bookings of ${email}`);
  }
  for (const id of ledger.cancelled) if (byId.get(id)?.status !== "cancelled") lost.push(`cancellation of ${id}`);
  for (const [id, to] of ledger.moved) {
    const row = byId.get(id);
    if (row?.date !== to.date || row.time !== to.time) lost.push(`move of ${id} to ${to.date} ${to.time}`);
  }
  for (const id of ledger.confirmed) if (byId.get(id)?.status !== "confirmed") lost.push(`confirmation of ${id}`);
  for (const [id, tech] of ledger.assigned) if (byId.get(id)?.tech !== tech) lost.push(`assignment of ${id}`);

  // Every job: completed, its history in stage order, each photo, note and tick taken stored once.
  const jobIds = [...ledger.jobs.keys()];
  const history = await sql<{ booking: string; stage: VisitStage }[]>`
    select booking_id::text as booking, stage from booking_visit_history
    where booking_id = any(${jobIds}::uuid[]) order by seq`;
  const images = await sql<{ booking: string; kind: string; n: number }[]>`
    select booking_id::text as booking, kind, count(*)::int as n from booking_images
    where booking_id = any(${jobIds}::uuid[]) group by 1, 2`;
  const notes = await sql<{ booking: string; text: string; n: number }[]>`
    select booking_id::text as booking, text, count(*)::int as n from booking_notes
    where booking_id = any(${jobIds}::uuid[]) group by 1, 2`;
  const ticks = await sql<{ booking: string; item: string }[]>`
    select booking_id::text as booking, item_id as item from booking_checklist
    where booking_id = any(${jobIds}::uuid[]) and done`;
  let photos = 0;
  let visits = 0;
  for (const job of ledger.jobs.values()) {
    const id = job.bookingId;
    const stages = history.filter((h) => h.booking === id).map((h) => h.stage);
    for (let i = 1; i < stages.length; i++) {
      if (stageIndex(stages[i]!) <= stageIndex(stages[i - 1]!)) outOfOrder.push(`job ${id}: ${stages.join(" → ")}`);
    }
    for (const stage of job.stages) {
      const n = stages.filter((s) => s === stage).length;
      if (n === 0) lost.push(`job ${id}: stage ${stage}`);
      if (n > 1) duplicated.push(`job ${id}: stage ${stage} ${n} times`);
    }
    if (byId.get(id)?.status === "completed") visits += 1;
    else lost.push(`job ${id}: not completed`);
    for (const kind of ["before", "after"] as const) {
      const stored = images.find((i) => i.booking === id && i.kind === kind)?.n ?? 0;
      photos += stored;
      if (stored < job.photos[kind]) lost.push(`job ${id}: ${job.photos[kind] - stored} ${kind} photos`);
      if (stored > job.photos[kind]) duplicated.push(`job ${id}: ${stored - job.photos[kind]} ${kind} photos`);
    }
    for (const text of job.notes) {
      const n = notes.find((r) => r.booking === id && r.text === text)?.n ?? 0;
      if (n === 0) lost.push(`job ${id}: note "${text}"`);
      if (n > 1) duplicated.push(`job ${id}: note "${text}" ${n} times`);
    }
    for (const item of job.ticks) {
      if (!ticks.some((t) => t.booking === id && t.item === item)) lost.push(`job ${id}: tick ${item}`);
    }
    const signed = images.some((i) => i.booking === id && i.kind === "signature");
    if (job.signed && !signed) lost.push(`job ${id}: signature`);
  }

  // Every payment taken on site stored once, on the booking's one invoice; the day's invoice numbers without a gap.
  const paid = await sql<{ booking: string; amount: number; n: number }[]>`
    select i.booking_id::text as booking, p.amount_cents::int as amount, count(*)::int as n
    from payments p join invoices i on i.id = p.invoice_id
    where i.booking_id = any(${jobIds}::uuid[]) group by 1, 2`;
  let payments = 0;
  for (const job of ledger.jobs.values()) {
    const id = job.bookingId;
    for (const amount of new Set(job.payments)) {
      const taken = job.payments.filter((a) => a === amount).length;
      const stored = paid.find((p) => p.booking === id && p.amount === amount)?.n ?? 0;
      payments += Math.min(stored, taken);
      if (stored < taken) lost.push(`job ${id}: payment of ${amount} cents`);
      if (stored > taken) duplicated.push(`job ${id}: payment of ${amount} cents ${stored} times`);
    }
    const unasked = paid.filter((p) => p.booking === id && !job.payments.includes(p.amount));
    for (const p of unasked) duplicated.push(`job ${id}: a payment of ${p.amount} cents never acknowledged`);
  }
  const [numbers] = await sql<{ n: number; span: number }[]>`
    select count(*)::int as n, coalesce(max(seq) - min(seq) + 1, 0)::int as span from invoices`;
  const invoiced = [...ledger.jobs.values()].filter((j) => j.invoiced).length;
  if (numbers!.n < invoiced) lost.push(`${invoiced - numbers!.n} invoices`);
  if (numbers!.n > invoiced) duplicated.push(`${numbers!.n - invoiced} invoices no device asked for`);
  if (numbers!.span !== numbers!.n) outOfOrder.push(`invoice numbers: ${numbers!.n} invoices span ${numbers!.span}`);

  // Every e-mail the outbox holds for the day: sent (or dropped by its send-time policy) and received exactly once.
  const outbox = await sql<
    { kind: string; booking: string | null; to: string; subject: string; status: string; why: string }[]
  >`
    select kind, booking_id::text as booking, lower(to_address) as to, subject, status,
      format('%s attempts, next %s, %s', attempts, next_attempt_at, coalesce(last_error, 'no error')) as why
    from outbox
    where channel = 'mail' and kind <> all(${LATER_KINDS})`;
  // A copy sent again after a worker died between sending and recording carries the same Message-ID: the customer's
  // mail provider shows it once. What counts is the distinct messages; the copies are reported beside.
  const distinct = [...new Map(mail.map((m) => [m.messageId, m])).values()];
  const received = Map.groupBy(distinct, (m) => `${m.to}\n${m.subject}`);
  const sent = Map.groupBy(
    outbox.filter((r) => r.status === "sent"),
    (r) => `${r.to}\n${r.subject}`,
  );
  for (const row of outbox) {
    if (row.status !== "sent" && row.status !== "skipped") {
      const got = received.get(`${row.to}\n${row.subject}`)?.length ?? 0;
      lost.push(`e-mail "${row.subject}" to ${row.to}: ${row.status} (${row.why}), received ${got} times`);
    }
  }
  for (const [key, rowsSent] of sent) {
    const got = received.get(key)?.length ?? 0;
    const [to, subject] = key.split("\n");
    if (got < rowsSent.length) lost.push(`e-mail "${subject}" to ${to}: ${rowsSent.length - got} not received`);
    if (got > rowsSent.length) duplicated.push(`e-mail "${subject}" to ${to}: received ${got} times`);
  }
  const mailOf = Map.groupBy(outbox, (r) => `${r.booking} ${r.kind}`);
  const once = (id: string, kind: string, required: boolean) => {
    const n = mailOf.get(`${id} ${kind}`)?.length ?? 0;
    if (n === 0 && required) lost.push(`${kind} e-mail of ${id}`);
    if (n > 1) duplicated.push(`${n} ${kind} e-mails of ${id}`);
  };
  for (const id of ledger.bookings.values()) once(id, "booking-received", true);
  for (const id of ledger.cancelled) once(id, "booking-cancelled", true);
  for (const id of ledger.moved.keys()) once(id, "booking-rescheduled", true);
  for (const id of ledger.confirmed) once(id, "booking-confirmed", true);
  for (const job of ledger.jobs.values()) {
    // Written once; its policy may drop it (status skipped) when the technician was on site before it went out.
    once(job.bookingId, "technician-on-the-way", job.stages.includes("en_route"));
    once(job.bookingId, "service-report", job.stages.includes("completed"));
    // One receipt per payment: a day's job is paid at most once on site.
    once(job.bookingId, "payment-receipt", job.payments.length > 0);
  }

  // Every staff push of the day reached the push service: one row per device, each at least once. A copy sent again
  // after a crash carries its booking's tag, and the device shows it in place of the first.
  const [pushes] = await sql<{ sent: number; open: number }[]>`
    select count(*) filter (where status = 'sent')::int as sent,
      count(*) filter (where status in ('pending', 'failed'))::int as open
    from outbox where channel = 'push'`;
  if (pushes!.open > 0) lost.push(`${pushes!.open} staff pushes never sent`);
  if (pushesReceived < pushes!.sent) lost.push(`${pushes!.sent - pushesReceived} staff pushes sent, not received`);

  // Every admin's dashboard shows every booking of the day (live, or by its catch-up after a reconnection).
  for (const dashboard of dashboards) {
    const lacking = [...ledger.bookings.values()].filter((id) => !dashboard.bookings.has(id));
    if (lacking.length > 0)
      lost.push(`${dashboard.name} lacks ${lacking.length} bookings: ${lacking.slice(0, 3).join(", ")}`);
  }

  return {
    resent: mail.length - distinct.length,
    pushes: pushesReceived,
    pushesResent: Math.max(0, pushesReceived - pushes!.sent),
    bookings: ledger.bookings.size,
    visits,
    photos,
    payments,
    emails: distinct.length,
    lost,
    duplicated,
    outOfOrder,
  };
}

export function resultLine(v: Verdict, p50: number, p99: number): string {
  return (
    `simulation: ${v.bookings} bookings, ${v.visits} visits, ${v.photos} photos, ${v.payments} payments, ` +
    `${v.emails} e-mails; lost ${v.lost.length}, duplicated ${v.duplicated.length}, out of order ${v.outOfOrder.length}; ` +
    `p50 ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms`
  );
}
