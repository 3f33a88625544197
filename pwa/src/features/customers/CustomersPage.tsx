import { PageHeader } from "../../components/PageHeader.tsx";

/** /dashboard/customers: the customers' list (its screen is built beside this one; this stands in until then). */
export default function CustomersPage() {
  return (
    <div className="adm adm-dashboard">
      <PageHeader title="All Customers" />
    </div>
  );
}
