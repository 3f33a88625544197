// First, so that the area's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import type { Booking } from "@contracts/bookings/booking.ts";
import type { CustomerDetail, MergeResult, Property } from "@contracts/customers/customer.ts";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { cents } from "../../components/estimates/money.ts";
import { Link } from "../../components/Link.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { lazyOnlineDialog } from "../../components/lazyOnlineDialog.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { formatDate, serviceName } from "../../lib/format.ts";
import { failureText } from "../../lib/http.ts";
import { useServices } from "../../lib/services.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { fetchCustomer, setPropertyArchived } from "./api.ts";
import { BookingHistory } from "./BookingHistory.tsx";
import { ContactCard } from "./ContactCard.tsx";
import { MoneyPanel, RatingsPanel } from "./MoneyPanel.tsx";
import { PropertiesPanel } from "./PropertiesPanel.tsx";
import "../../components/StatusBadge.css";
import "./CustomersPage.css";
import "./CustomerPage.css";

// The texts (consent and conversation) load after the record, so that its first row does not wait for them.
// Booking a visit brings the booking form's fields: loaded when the dialog is first opened.
const BookVisitDialog = lazyOnlineDialog(() => import("./BookVisitDialog.tsx").then((m) => m.BookVisitDialog), {
  title: "Book a visit",
  offline: "Booking a visit needs a connection. Try again once you are back online.",
});
// The contact and property forms save to the server, and bring the form's and the address's fields: loaded when
// first opened, so that the record's first row does not wait for them.
const CustomerFormDialog = lazyOnlineDialog(
  () => import("./CustomerFormDialog.tsx").then((m) => m.CustomerFormDialog),
  { title: "Edit Customer", offline: "Editing the customer needs a connection. Try again once you are back online." },
);
const PropertyFormDialog = lazyOnlineDialog(
  () => import("./PropertyFormDialog.tsx").then((m) => m.PropertyFormDialog),
  { title: "Property", offline: "Saving a property needs a connection. Try again once you are back online." },
);
// Memberships: a panel of its own chunk, so that the record's page keeps to its budget.
const MembershipsPanel = lazy(() => import("./MembershipsPanel.tsx").then((m) => ({ default: m.MembershipsPanel })));
const CustomerTexts = lazy(() =>
  import("../../components/texts/CustomerTexts.tsx").then((m) => ({ default: m.CustomerTexts })),
);

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a merge moved, in words: "4 bookings, 1 property, 1 estimate, 1 invoice and 1 payment". */
function mergedText(moved: MergeResult["moved"]): string {
  const parts = [
    counted(moved.bookings, "booking", "bookings"),
    counted(moved.properties, "property", "properties"),
    counted(moved.estimates, "estimate", "estimates"),
    counted(moved.invoices, "invoice", "invoices"),
    counted(moved.payments, "payment", "payments"),
  ];
  return `Merged into this record: ${parts.slice(0, -1).join(", ")} and ${parts.at(-1)} moved here, with the other record's ratings and portal sessions.`;
}

type Open = { kind: "contact" } | { kind: "property"; property?: Property } | { kind: "book"; property: Property };
type Notice = { ok: boolean; text: string };

/**
 * /dashboard/customers/{id}: 'Customer Details' of one record: contact, properties, the booking history, estimates,
 * invoices, ratings and what is owed. A merged or unknown id says it is no longer on record.
 */
export default function CustomerPage() {
  const { id = "" } = useParams();
  const location = useLocation();
  const state = location.state as { from?: string; merged?: MergeResult["moved"] } | null;
  const backTo = state?.from ?? "/dashboard/customers";
  const [params, setParams] = useSearchParams();
  const propertyId = params.get("property") ?? "";
  const detail = useLoad(
    useCallback(() => fetchCustomer(id), [id]),
    { keepShown: true },
  );
  const { services } = useServices();
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(() =>
    state?.merged ? { ok: true, text: mergedText(state.merged) } : null,
  );
  const navigate = useNavigate();
  // Said once: a reload of this entry does not announce the merge again.
  useEffect(() => {
    if (state?.merged) navigate(location.pathname + location.search, { replace: true, state: { from: state.from } });
  }, [state, location.pathname, location.search, navigate]);
  const here = location.pathname + location.search;

  const showProperty = (next: string) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (next) query.set("property", next);
        else query.delete("property");
        return query;
      },
      { replace: true, state: location.state },
    );

  const archive = async (property: Property, archived: boolean) => {
    setBusy(property._id);
    setNotice(null);
    try {
      await setPropertyArchived(id, property._id, archived);
      setNotice({ ok: true, text: `${property.street} is ${archived ? "archived" : "in use again"}.` });
      detail.refresh();
    } catch (error) {
      setNotice({ ok: false, text: failureText(error, { otherwise: "The property could not be changed." }) });
    } finally {
      setBusy(null);
    }
  };

  const booked = (booking: Booking, property: Property, customer: CustomerDetail) => {
    setOpen(null);
    setNotice({
      ok: true,
      text: `Visit booked: ${serviceName(booking.serviceType, services)} on ${formatDate(booking.cleaningDate)} at ${booking.cleaningTime}, at ${property.street}. It is in the booking history below.`,
    });
    if (customer.properties.length > 1) showProperty(property._id);
    detail.refresh();
  };

  return (
    <div className="adm adm-dashboard cust-page">
      <PageHeader
        title="Customer Details"
        lead={detail.state === "ready" && <span className="cust-page__name">{detail.data.name}</span>}
        back={
          <Link className="cust-back" to={backTo}>
            <span aria-hidden="true">←</span> All Customers
          </Link>
        }
        actions={
          detail.state === "ready" && (
            <p className={detail.data.balanceCents > 0 ? "cust-owed cust-owed--due" : "cust-owed"}>
              <span className="cust-owed__label">Balance owed</span>
              <span className="cust-owed__figure">{cents(detail.data.balanceCents)}</span>
            </p>
          )
        }
      />
      <div role="status" aria-live="polite">
        {notice && <p className={notice.ok ? "banner banner-success" : "banner banner-error"}>{notice.text}</p>}
      </div>
      <LoadState
        load={detail}
        loading="Loading the customer..."
        failed="The customer could not be loaded. Check the connection and try again."
        offline="Customers are available online only: this device keeps no copy of their records. Connect and try again."
        notFound={
          <>
            This customer is no longer on record. They may have been merged into another customer.{" "}
            <Link to="/dashboard/customers">All Customers</Link>
          </>
        }
        onRetry={detail.reload}
      >
        {(customer) => (
          <div className="cust-page__grid">
            <ContactCard customer={customer} onEdit={() => setOpen({ kind: "contact" })} />
            <PropertiesPanel
              properties={customer.properties}
              busy={busy}
              onAdd={() => setOpen({ kind: "property" })}
              onEdit={(property) => setOpen({ kind: "property", property })}
              onArchive={(property, archived) => void archive(property, archived)}
              onBook={(property) => setOpen({ kind: "book", property })}
              onShowVisits={(property) => {
                showProperty(property._id);
                document.getElementById("customer-history")?.scrollIntoView({ block: "start" });
              }}
            />
            <BookingHistory customer={customer} propertyId={propertyId} onProperty={showProperty} here={here} />
            <Suspense fallback={<p className="adm-empty">Loading texts...</p>}>
              <CustomerTexts customerId={customer._id} />
            </Suspense>
            <Suspense fallback={null}>
              <MembershipsPanel customer={customer} />
            </Suspense>
            <MoneyPanel customer={customer} here={here} />
            <RatingsPanel customer={customer} here={here} />
            {open?.kind === "contact" && (
              <Suspense fallback={null}>
                <CustomerFormDialog
                  customer={customer}
                  onClose={() => setOpen(null)}
                  onSaved={(saved) => {
                    setOpen(null);
                    setNotice({ ok: true, text: `${saved.name} was saved.` });
                    detail.refresh();
                  }}
                  onStale={(text) => {
                    setOpen(null);
                    setNotice({ ok: false, text });
                    detail.refresh();
                  }}
                />
              </Suspense>
            )}
            {open?.kind === "property" && (
              <Suspense fallback={null}>
                <PropertyFormDialog
                  customerId={customer._id}
                  property={open.property}
                  onClose={() => setOpen(null)}
                  onSaved={() => {
                    setOpen(null);
                    setNotice({
                      ok: true,
                      text: open.property ? "The property was saved." : "The property was added.",
                    });
                    detail.refresh();
                  }}
                />
              </Suspense>
            )}
            {open?.kind === "book" && (
              <Suspense fallback={null}>
                <BookVisitDialog
                  customer={customer}
                  property={open.property}
                  onClose={() => setOpen(null)}
                  onBooked={(booking) => booked(booking, open.property, customer)}
                />
              </Suspense>
            )}
          </div>
        )}
      </LoadState>
    </div>
  );
}
