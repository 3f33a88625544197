import type { Service } from "@contracts/services/service.ts";
import { formatMoney } from "@contracts/common/money.ts";

interface Props {
  services: readonly Service[];
  busyIds: ReadonlySet<string>;
  onEdit: (service: Service) => void;
  onDelete: (service: Service) => void;
}

export function ServicesTable({ services, busyIds, onEdit, onDelete }: Props) {
  if (services.length === 0) return <p className="adm-empty">No services yet.</p>;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <caption className="visually-hidden">All services</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Price</th>
            <th scope="col">Duration</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {services.map((s) => (
            <tr key={s._id}>
              <td data-label="Title">
                <span className="adm-table__strong">{s.title}</span>
              </td>
              <td data-label="Price">{formatMoney(Number(s.price) || 0)}</td>
              <td data-label="Duration">{s.duration}</td>
              <td data-label="Actions">
                <div className="adm-row-actions">
                  <button type="button" className="btn btn-outline adm-btn-small" onClick={() => onEdit(s)}>
                    Edit<span className="visually-hidden"> {s.title}</span>
                  </button>
                  <button
                    type="button"
                    className="btn adm-btn-small adm-btn-danger"
                    disabled={busyIds.has(s._id)}
                    onClick={() => onDelete(s)}
                  >
                    Delete<span className="visually-hidden"> {s.title}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
