import type { CustomerDetail, CustomerVisit } from "@contracts/customers/customer.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Link } from "../../components/Link.tsx";
import { Panel } from "../../components/Panel.tsx";
import { SelectField } from "../../components/form/SelectField.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { formatCount } from "@contracts/common/counts.ts";
import { formatDate, serviceName } from "../../lib/format.ts";
import { useServices } from "../../lib/services.ts";
import { propertyLine } from "./propertyForm.ts";

interface Props {
  customer: CustomerDetail;
  /** The property whose visits are shown, or "" for all. */
  propertyId: string;
  onProperty: (propertyId: string) => void;
  /** Where the booking's screen leads back to: this page as it is. */
  here: string;
}

/**
 * The spec's booking history (Date, Service, Status, Price), newest first; with several properties, the property of
 * each visit and a filter by property. A visit opens its booking.
 */
export function BookingHistory({ customer, propertyId, onProperty, here }: Props) {
  const { services } = useServices();
  const several = customer.properties.length > 1;
  const street = new Map(customer.properties.map((p) => [p._id, p.street]));
  const shown = propertyId ? customer.visits.filter((v) => v.propertyId === propertyId) : customer.visits;

  const columns: Column<CustomerVisit>[] = [
    {
      key: "date",
      header: "Date",
      cell: (v) => (
        <Link to={`/admin/bookings/edit/${encodeURIComponent(v._id)}`} state={{ from: here }} className="cust-link">
          <span className="adm-table__line">{formatDate(v.cleaningDate)}</span>
          <span className="adm-table__sub">{v.cleaningTime}</span>
        </Link>
      ),
    },
    {
      key: "service",
      header: "Service",
      cell: (v) => (
        <span>
          {serviceName(v.serviceType, services)}
          <span className="adm-table__sub">
            {v.unitCount} {v.unitCount === 1 ? "unit" : "units"}
            {v.technicianName ? ` · ${v.technicianName}` : ""}
          </span>
        </span>
      ),
    },
    ...(several
      ? [
          {
            key: "property",
            header: "Property",
            cell: (v: CustomerVisit) => (v.propertyId ? (street.get(v.propertyId) ?? "—") : "—"),
          },
        ]
      : []),
    { key: "status", header: "Status", cell: (v) => <StatusBadge status={v.status} /> },
    {
      key: "price",
      header: "Price",
      cell: (v) => formatMoney(Number(v.estimatedPrice) || 0),
      className: "cust-money",
    },
  ];

  return (
    <Panel
      id="customer-history"
      title="Booking History"
      className="cust-history"
      actions={
        several && (
          <SelectField
            className="cust-history__filter"
            label="Property"
            value={propertyId}
            placeholder="All properties"
            options={customer.properties.map((p) => ({ value: p._id, label: propertyLine(p) }))}
            onChange={onProperty}
          />
        )
      }
    >
      <DataTable
        caption={`Booking history of ${customer.name}`}
        className="adm-table--compact"
        columns={columns}
        rows={shown}
        rowKey={(v) => v._id}
        empty={propertyId ? "No visits at this property yet." : "No bookings yet."}
      />
      {customer.visitCount > customer.visits.length && (
        <p className="cust-muted cust-history__more">
          The latest {customer.visits.length} of {formatCount(customer.visitCount)} visits.{" "}
          <Link to={`/dashboard/bookings?q=${encodeURIComponent(customer.emails[0] ?? customer.name)}`}>
            See all in Bookings
          </Link>
        </p>
      )}
    </Panel>
  );
}
