import { addMonths } from "../../contracts/plans/plan.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { Sql } from "../../db/client.ts";
import { allocateNumber } from "../../db/numbers.ts";
import { transaction } from "../../db/transaction.ts";
import type { Outbox } from "../../outbox/outbox.ts";
import { membershipOrder } from "./mail.ts";
import { createMembershipsRepo } from "./repo.ts";

/** What a billing pass writes to besides the memberships: the member's e-mail of each invoice it issues. */
export interface BillingDeps {
  sql: Sql;
  outbox: Pick<Outbox, "write" | "wake">;
  publicUrl: string;
  profile: () => Promise<BusinessProfile>;
  /** True when paying by card is set up: the invoice's e-mail says it can be paid on the customer's page. */
  online: boolean;
}

/** How many periods one pass bills at most: the next pass goes on where it stopped. */
export const PERIODS_PER_PASS = 500;

/**
 * Bills the next period of every membership billed by invoice whose period is over (at `now`): its plan invoice,
 * numbered from the invoices' counter, and its period moved on, one membership per transaction. The membership's row
 * is locked (others skipped, so concurrent workers share the work) and its period moves in the same transaction as
 * the invoice: a crash leaves both or neither, and the invoice of a period already billed is never made again (the
 * check comes before the number is taken, so no number is lost either). A worker down for a while catches up period
 * by period. The member is e-mailed each new invoice (in their language, with the link to their page) through the
 * outbox, in the invoice's transaction: once per invoice, whatever the workers. Answers how many plan invoices it
 * issued.
 */
export async function billEndedPeriods(deps: BillingDeps, now: Date, limit = PERIODS_PER_PASS): Promise<number> {
  const { sql } = deps;
  const repo = createMembershipsRepo(sql);
  let profile: BusinessProfile | null = null;
  let issued = 0;
  while (issued < limit) {
    const billed = await transaction(sql, async (tx) => {
      const [m] = await tx<
        {
          id: string;
          period: "month" | "year";
          price: string;
          end_day: string;
          plan_name: string;
          name: string;
          email: string | null;
          locale: string;
        }[]
      >`
        select m.id, p.period, p.price_cents::text as price,
          to_char(m.current_period_end at time zone 'UTC', 'YYYY-MM-DD') as end_day,
          p.name as plan_name, c.name, c.locale,
          (select e.email from customer_emails e where e.customer_id = c.id order by e.position limit 1) as email
        from memberships m join plans p on p.id = m.plan_id join customers c on c.id = m.customer_id
        where m.status = 'active' and m.payment = 'invoice' and m.current_period_end <= ${now}
        order by m.current_period_end, m.id
        limit 1
        for update of m skip locked`;
      if (!m) return false;
      const start = m.end_day;
      const end = addMonths(start, m.period === "year" ? 12 : 1);
      const [already] = await tx`
        select 1 from plan_invoices where membership_id = ${m.id} and period_start = ${start}`;
      let note = "Period billed before";
      if (!already) {
        const { seq, number } = await allocateNumber(tx, "invoice");
        await repo.addInvoice(tx, {
          membershipId: m.id,
          number,
          seq,
          periodStart: start,
          periodEnd: end,
          amountCents: Number(m.price),
          paidCents: 0,
          issuedAt: now,
          paidAt: null,
          stripeInvoiceId: null,
          paymentIntent: "",
        });
        note = `Billed: ${number}`;
        profile ??= await deps.profile();
        const member = { name: m.name, email: m.email, locale: m.locale, planName: m.plan_name };
        const invoice = { number, amountCents: Number(m.price), periodStart: start, periodEnd: end };
        await deps.outbox.write(
          tx,
          membershipOrder(
            member,
            { template: "invoice", url: `${deps.publicUrl}/portal`, invoice, payOnline: deps.online },
            profile,
          ),
        );
      }
      // Noon UTC of the period's last day, as an enrollment sets it.
      await tx`
        update memberships set current_period_end = ${new Date(`${end}T12:00:00Z`)},
          updated_at = date_trunc('milliseconds', now())
        where id = ${m.id}`;
      await repo.history(tx, m.id, now, "active", note);
      return true;
    });
    if (!billed) break;
    issued++;
  }
  if (issued > 0) deps.outbox.wake();
  return issued;
}
