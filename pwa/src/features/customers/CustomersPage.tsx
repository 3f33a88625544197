// First, so that the area's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import type { CustomerRow } from "@contracts/customers/customer.ts";
import type { CustomerSort } from "@contracts/customers/schemas.ts";
import { useCallback, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { DataTable } from "../../components/DataTable.tsx";
import { pagedFoot, ShowMore } from "../../components/ShowMore.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { Panel } from "../../components/Panel.tsx";
import { failureText } from "../../lib/http.ts";
import { listQuery, pagedLoad, usePagedList } from "../../lib/usePagedList.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { useQueryParams } from "../../lib/useQueryParams.ts";
import { fetchDuplicates } from "./api.ts";
import { CUSTOMER_COLUMNS } from "./customerColumns.tsx";
import { CustomerSearch } from "./CustomerSearch.tsx";
import { DuplicatesDialog } from "./DuplicatesDialog.tsx";
import { DEFAULT_SORT, readListView } from "./listView.ts";
import "./CustomersPage.css";

/**
 * /dashboard/customers: 'All Customers', searched and ordered by the server a page at a time; the search and the order
 * are in the URL. Possible duplicates wait beside it for someone to merge them.
 */
export default function CustomersPage() {
  const [params, change] = useQueryParams();
  const { q, sort } = readListView(params);
  const location = useLocation();
  const navigate = useNavigate();
  const list = usePagedList<CustomerRow>(
    "/api/customers",
    listQuery({ q, sort: sort === DEFAULT_SORT ? undefined : sort }),
  );
  const duplicates = useLoad(fetchDuplicates);
  const [showDuplicates, setShowDuplicates] = useState(false);
  const pairs = duplicates.state === "ready" ? duplicates.data : [];

  const onSearch = useCallback((text: string) => change({ q: text }, { replace: true }), [change]);
  const onSort = useCallback((next: CustomerSort) => change({ sort: next === DEFAULT_SORT ? null : next }), [change]);
  const here = location.pathname + location.search;

  return (
    <div className="adm adm-dashboard cust-list">
      <PageHeader
        title="Customers"
        lead="Everyone the business has served, with their properties and visits."
        actions={
          pairs.length > 0 && (
            <button type="button" className="btn btn-outline cust-list__dups" onClick={() => setShowDuplicates(true)}>
              Possible duplicates ({pairs.length})
            </button>
          )
        }
      />
      <Panel id="all-customers" title="All Customers">
        <CustomerSearch q={q} sort={sort} onSearch={onSearch} onSort={onSort} />
        <LoadState
          load={pagedLoad(list)}
          loading="Loading customers..."
          failed="The customers could not be loaded. Check the connection and try again."
          offline="The customer list is available online only: this device keeps no copy of it. Connect and try again."
          onRetry={list.reload}
        >
          {(rows) => (
            <>
              <DataTable
                caption="All customers"
                className="cust-table"
                columns={CUSTOMER_COLUMNS}
                rows={rows}
                rowKey={(c) => c._id}
                empty={q ? `No customer matches "${q}".` : "No customers yet."}
                actions={(c) => (
                  <button
                    type="button"
                    className="btn btn-outline adm-btn-small"
                    onClick={() =>
                      navigate(`/dashboard/customers/${encodeURIComponent(c._id)}`, { state: { from: here } })
                    }
                  >
                    View Details<span className="visually-hidden"> of {c.name}</span>
                  </button>
                )}
              />
              <ShowMore
                {...pagedFoot(list)}
                noun="customers"
                problem={
                  list.error ? failureText(list.error, { otherwise: "More customers could not be loaded." }) : null
                }
              />
            </>
          )}
        </LoadState>
      </Panel>
      {showDuplicates && (
        <DuplicatesDialog
          pairs={pairs}
          onClose={() => setShowDuplicates(false)}
          onMerged={(keptId, moved) =>
            navigate(`/dashboard/customers/${encodeURIComponent(keptId)}`, { state: { from: here, merged: moved } })
          }
        />
      )}
    </div>
  );
}
