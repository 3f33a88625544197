import "../../styles/staff.css";
import type { Service } from "@contracts/services/service.ts";
import { Suspense, useState, type SetStateAction } from "react";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { Panel } from "../../components/Panel.tsx";
import { fetchServices } from "../../features/services/api.ts";
import { ServiceFormDialog } from "../../features/services/ServiceFormDialog.tsx";
import { ServicesTable } from "../../features/services/ServicesTable.tsx";
import { useServiceActions } from "../../features/services/useServiceActions.ts";
import { useLoad } from "../../lib/useLoad.ts";
import "./dashboard.css";

/** /dashboard/services: SPEC's 'All Services' with Add New Service, Edit and Delete. */
export default function ServicesPage() {
  const services = useLoad(fetchServices);
  const { update } = services;
  const actions = useServiceActions((change: SetStateAction<Service[]>) =>
    update((list) => (typeof change === "function" ? change(list) : change)),
  );
  const [editing, setEditing] = useState<{ service?: Service } | null>(null);
  const add = (
    <button type="button" className="btn btn-primary" onClick={() => setEditing({})}>
      Add New Service
    </button>
  );
  return (
    <div className="adm adm-dashboard">
      <PageHeader title="Services" />
      <Panel id="all-services-title" title="All Services" actions={add}>
        <LoadState
          load={services}
          loading="Loading services..."
          failed="The services could not be loaded."
          onRetry={services.reload}
        >
          {(list) => (
            <ServicesTable
              services={list}
              busyIds={actions.busyIds}
              onEdit={(service) => setEditing({ service })}
              onDelete={actions.onDelete}
            />
          )}
        </LoadState>
      </Panel>
      {editing && (
        <Suspense fallback={null}>
          <ServiceFormDialog service={editing.service} onSaved={actions.onSaved} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </div>
  );
}
