import { PageHeader } from "../../components/PageHeader.tsx";

/** /dashboard/customers/:id: one customer (its screen is built beside this one; this stands in until then). */
export default function CustomerPage() {
  return (
    <div className="adm adm-dashboard">
      <PageHeader title="Customer Details" />
    </div>
  );
}
