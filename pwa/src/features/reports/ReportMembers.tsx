import type { MembershipDue, MembershipFigures } from "@contracts/reports/reports.ts";
import { cents } from "../../components/estimates/money.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Link } from "../../components/Link.tsx";
import { formatDate } from "../../lib/format.ts";

const columns = (dateHeader: string): Column<MembershipDue>[] => [
  {
    key: "customer",
    header: "Customer",
    // The customer's record, where the office sees the membership and its invoices.
    cell: (m) => <Link to={`/dashboard/customers/${encodeURIComponent(m.customerId)}`}>{m.customer}</Link>,
    compare: (a, b) => a.customer.localeCompare(b.customer),
  },
  { key: "plan", header: "Plan", cell: (m) => m.plan, compare: (a, b) => a.plan.localeCompare(b.plan) },
  {
    key: "date",
    header: dateHeader,
    cell: (m) => (m.date ? formatDate(m.date) : "—"),
    compare: (a, b) => (a.date ?? "").localeCompare(b.date ?? ""),
  },
  {
    key: "amount",
    header: "Amount",
    cell: (m) => cents(m.amountCents),
    compare: (a, b) => a.amountCents - b.amountCents,
    className: "reports__num",
  },
];

const RENEWAL_COLUMNS = columns("Renews");
const PAST_DUE_COLUMNS = columns("Was due");

const count = (n: number) => (n === 1 ? "1 membership" : `${n} memberships`);

/** A list of the report's memberships under its title and how many there are in all (it shows the soonest). */
function MembershipList(props: {
  id: string;
  title: string;
  count: number;
  columns: Column<MembershipDue>[];
  rows: readonly MembershipDue[];
  empty: string;
}) {
  return (
    <section className="adm-panel reports__open" aria-labelledby={props.id}>
      <h3 id={props.id} className="adm-panel__title">
        {props.title} ({count(props.count)})
      </h3>
      <DataTable
        caption={props.title}
        columns={props.columns}
        rows={props.rows}
        rowKey={(m) => m._id}
        empty={props.empty}
        className="reports__receivables"
      />
    </section>
  );
}

/**
 * The service plans as of today: members by plan, what plan invoices collected this month (less plan refunds, also
 * shown), the renewals of the next 30 days and the memberships past due, each list with its customer.
 */
export function ReportMembers({ members }: { members: MembershipFigures }) {
  const figures = [
    { label: "Active members", value: String(members.activeMembers) },
    // What the plan invoices brought this month, less what cancellations at once gave back of them.
    {
      label: "Recurring revenue this month",
      value: cents(members.recurringCollectedCents - members.recurringRefundedCents),
    },
    { label: "Plan refunds this month", value: cents(members.recurringRefundedCents) },
    { label: "Monthly recurring value", value: cents(members.monthlyRecurringCents) },
    {
      label: "Renewals due in 30 days",
      value: `${members.renewalsDue.count} · ${cents(members.renewalsDue.amountCents)}`,
    },
    { label: "Past due", value: `${members.pastDue.count} · ${cents(members.pastDue.amountCents)}` },
  ];
  return (
    <section className="reports__money reports__members" aria-labelledby="reports-members">
      <h2 id="reports-members" className="reports__section-title">
        Service plans
      </h2>
      <ul className="reports__figures" aria-label="Membership figures">
        {figures.map((f) => (
          <li key={f.label} className="adm-panel reports__figure">
            <p className="reports__figure-label">{f.label}</p>
            <p className="reports__figure-value">{f.value}</p>
          </li>
        ))}
      </ul>
      <div className="reports__money-split">
        <section className="adm-panel" aria-labelledby="reports-by-plan">
          <h3 id="reports-by-plan" className="adm-panel__title">
            Active members by plan
          </h3>
          {members.byPlan.length === 0 ? (
            <p className="reports__empty">No members yet.</p>
          ) : (
            <dl className="reports__amounts">
              {members.byPlan.map((p) => (
                <div key={p.planId}>
                  <dt>
                    {p.name} ({p.members === 1 ? "1 member" : `${p.members} members`})
                  </dt>
                  <dd>{cents(p.monthlyCents)} a month</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </div>
      <MembershipList
        id="reports-renewals"
        title="Renewals due in 30 days"
        count={members.renewalsDue.count}
        columns={RENEWAL_COLUMNS}
        rows={members.renewalsDue.memberships}
        empty="No renewal in the next 30 days."
      />
      <MembershipList
        id="reports-past-due"
        title="Past-due memberships"
        count={members.pastDue.count}
        columns={PAST_DUE_COLUMNS}
        rows={members.pastDue.memberships}
        empty="No membership is past due."
      />
    </section>
  );
}
