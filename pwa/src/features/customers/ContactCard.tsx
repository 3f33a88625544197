import type { CustomerDetail } from "@contracts/customers/customer.ts";
import { DetailList } from "../../components/DetailList.tsx";
import { Panel } from "../../components/Panel.tsx";
import { formatDate } from "../../lib/format.ts";
import { formatPhone, phoneHref } from "../../lib/phone.ts";
import { propertyLine } from "./propertyForm.ts";

/** The spec's name, email, phone and address of the customer, with every e-mail and phone, notes and tags. */
export function ContactCard({ customer: c, onEdit }: { customer: CustomerDetail; onEdit: () => void }) {
  const home = c.properties.find((p) => !p.archivedAt) ?? c.properties[0];
  return (
    <Panel
      id="customer-contact"
      title="Contact"
      className="cust-contact"
      actions={
        <button type="button" className="btn btn-outline adm-btn-small" onClick={onEdit}>
          Edit<span className="visually-hidden"> contact</span>
        </button>
      }
    >
      <DetailList
        items={[
          ["Name", c.name],
          [
            "Email",
            <ul className="cust-lines">
              {c.emails.map((email, i) => (
                <li key={email}>
                  <a href={`mailto:${email}`}>{email}</a>
                  {i === 0 && c.emails.length > 1 && <span className="cust-muted"> (primary)</span>}
                </li>
              ))}
            </ul>,
          ],
          [
            "Phone",
            c.phones.length > 0 ? (
              <ul className="cust-lines">
                {c.phones.map((p) => (
                  <li key={p.number}>
                    <a href={phoneHref(p.number)}>{formatPhone(p.number)}</a>{" "}
                    <span className="cust-muted">({p.label})</span>
                  </li>
                ))}
              </ul>
            ) : (
              "—"
            ),
          ],
          ["Address", home ? propertyLine(home) : "—"],
          ["Notes", c.notes ? <span className="cust-pre">{c.notes}</span> : <span className="cust-muted">None</span>],
          [
            "Tags",
            c.tags.length > 0 ? (
              <span className="cust-tags">
                {c.tags.map((t) => (
                  <span key={t} className="cust-tag">
                    {t}
                  </span>
                ))}
              </span>
            ) : (
              <span className="cust-muted">None</span>
            ),
          ],
          ["Customer since", formatDate(c.createdAt.slice(0, 10))],
        ]}
      />
    </Panel>
  );
}
