// First, so that the area's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import { useCallback } from "react";
import { useLocation, useParams } from "react-router-dom";
import { Link } from "../../components/Link.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { CustomerTexts } from "../../components/texts/CustomerTexts.tsx";
import { MessagesSwitch } from "../../components/texts/MessagesSwitch.tsx";
import { fetchCustomer } from "../../features/customers/api.ts";
import { useLoad } from "../../lib/useLoad.ts";
import "./dashboard.css";

/**
 * /dashboard/messages/texts/{customerId}: one customer's texts, their consent and the reply box. The name comes with
 * the row that opened it, or is read from the record when the address was opened directly.
 */
export default function ConversationPage() {
  const { customerId = "" } = useParams();
  const state = useLocation().state as { from?: string; name?: string } | null;
  const given = state?.name;
  const record = useLoad(
    useCallback(
      () => (given ? Promise.resolve(given) : fetchCustomer(customerId).then((c) => c.name)),
      [customerId, given],
    ),
  );
  const name = record.state === "ready" ? record.data : null;
  return (
    <div className="adm adm-dashboard">
      <PageHeader
        title="Messages"
        back={
          <Link className="cust-back" to={state?.from ?? "/dashboard/messages/texts"}>
            <span aria-hidden="true">←</span> All texts
          </Link>
        }
        actions={
          <Link className="btn btn-outline" to={`/dashboard/customers/${encodeURIComponent(customerId)}`}>
            Customer Details
          </Link>
        }
      />
      <MessagesSwitch />
      <CustomerTexts customerId={customerId} title={`Texts with ${name ?? "the customer"}`} />
    </div>
  );
}
