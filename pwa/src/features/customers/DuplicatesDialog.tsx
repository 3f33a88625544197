import type { DuplicatePair, DuplicateReason, MergeResult } from "@contracts/customers/customer.ts";
import { useState } from "react";
import { Modal } from "../../components/Modal.tsx";
import { CustomerSummary } from "./CustomerSummary.tsx";
import { MergeDialog } from "./MergeDialog.tsx";
import "../../components/StatusBadge.css";

const REASON: Record<DuplicateReason, string> = {
  phone: "Same phone",
  "name-street": "Same name and street",
};

interface Props {
  pairs: readonly DuplicatePair[];
  onClose: () => void;
  /** A merge was done: the kept record's id. */
  onMerged: (keptId: string, moved: MergeResult["moved"]) => void;
}

/** The possible duplicates, each pair side by side with why it was found; merging is always a person's choice. */
export function DuplicatesDialog({ pairs, onClose, onMerged }: Props) {
  const [merging, setMerging] = useState<DuplicatePair | null>(null);
  return (
    <Modal title="Possible duplicates" onClose={onClose} size="wide" className="adm">
      <p className="cust-muted cust-dups__lead">
        Records that may be the same person or company. Nothing is merged until you choose to.
      </p>
      <ul className="cust-dups">
        {pairs.map((pair) => (
          <li key={`${pair.keep._id}:${pair.other._id}`} className="cust-dup">
            <p className="cust-dup__reason">
              <span className="adm-badge adm-badge--pending">{REASON[pair.reason]}</span>
            </p>
            <div className="cust-dup__pair">
              <CustomerSummary customer={pair.keep} caption="Older record" />
              <CustomerSummary customer={pair.other} caption="Newer record" />
            </div>
            <div className="adm-row-actions cust-dup__actions">
              <button type="button" className="btn btn-primary adm-btn-small" onClick={() => setMerging(pair)}>
                Merge
                <span className="visually-hidden">
                  {" "}
                  {pair.keep.name} and {pair.other.name}
                </span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {merging && <MergeDialog pair={merging} onClose={() => setMerging(null)} onMerged={onMerged} />}
    </Modal>
  );
}
