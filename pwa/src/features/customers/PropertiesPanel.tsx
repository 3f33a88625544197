import type { CustomerDetail, Property } from "@contracts/customers/customer.ts";
import { Panel } from "../../components/Panel.tsx";
import { propertyLine } from "./propertyForm.ts";

type Listed = CustomerDetail["properties"][number];

interface Props {
  properties: readonly Listed[];
  /** The property whose write is on its way (its buttons wait). */
  busy: string | null;
  onAdd: () => void;
  onEdit: (property: Property) => void;
  onArchive: (property: Property, archived: boolean) => void;
  onBook: (property: Property) => void;
  /** Shows only this property's visits in the booking history. */
  onShowVisits: (property: Property) => void;
}

const units = (n: number) => `${n} ${n === 1 ? "unit" : "units"}`;

/** The customer's service addresses, each with what the technician must know, what is installed and its visits. */
export function PropertiesPanel({ properties, busy, onAdd, onEdit, onArchive, onBook, onShowVisits }: Props) {
  return (
    <Panel
      id="customer-properties"
      title="Properties"
      className="cust-properties"
      actions={
        <button type="button" className="btn btn-outline adm-btn-small" onClick={onAdd}>
          Add property
        </button>
      }
    >
      {properties.length === 0 ? (
        <p className="adm-empty">No property yet. Add the address where the work is done.</p>
      ) : (
        <ul className="cust-props">
          {properties.map((p) => {
            const line = propertyLine(p);
            return (
              <li
                key={p._id}
                className={p.archivedAt ? "cust-prop cust-prop--archived" : "cust-prop"}
                aria-busy={busy === p._id || undefined}
              >
                <div className="cust-prop__head">
                  <p className="cust-prop__address">{line}</p>
                  {p.archivedAt && <span className="adm-badge adm-badge--cancelled">Archived</span>}
                </div>
                <dl className="cust-prop__facts">
                  <div>
                    <dt>Access</dt>
                    <dd className="cust-pre">{p.accessNotes || <span className="cust-muted">No notes</span>}</dd>
                  </div>
                  <div>
                    <dt>Equipment</dt>
                    <dd>
                      {p.equipment.furnaceOrUnit && p.equipment.furnaceOrUnit !== "N/A"
                        ? `${p.equipment.furnaceOrUnit}, ${units(p.equipment.units)}`
                        : units(p.equipment.units)}
                    </dd>
                  </div>
                  <div>
                    <dt>Visits</dt>
                    <dd>
                      {p.visitCount > 0 ? (
                        <button
                          type="button"
                          className="btn adm-btn-link cust-prop__visits"
                          onClick={() => onShowVisits(p)}
                        >
                          {p.visitCount} {p.visitCount === 1 ? "visit" : "visits"}
                          <span className="visually-hidden"> at {line}</span>
                        </button>
                      ) : (
                        "None yet"
                      )}
                    </dd>
                  </div>
                </dl>
                <div className="adm-row-actions">
                  {!p.archivedAt && (
                    <button type="button" className="btn btn-primary adm-btn-small" onClick={() => onBook(p)}>
                      Book a visit<span className="visually-hidden"> at {line}</span>
                    </button>
                  )}
                  <button type="button" className="btn btn-outline adm-btn-small" onClick={() => onEdit(p)}>
                    Edit<span className="visually-hidden"> {line}</span>
                  </button>
                  <button
                    type="button"
                    className={p.archivedAt ? "btn btn-outline adm-btn-small" : "btn adm-btn-danger adm-btn-small"}
                    disabled={busy === p._id}
                    onClick={() => onArchive(p, !p.archivedAt)}
                  >
                    {p.archivedAt ? "Restore" : "Archive"}
                    <span className="visually-hidden"> {line}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
