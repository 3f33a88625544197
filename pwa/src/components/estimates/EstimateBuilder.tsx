import { MAX_OPTIONS } from "@contracts/estimates/estimate.ts";
import { MAX_QUANTITY } from "@contracts/money/amounts.ts";
import type { PriceBookItem } from "@contracts/price-book/item.ts";
import { useState } from "react";
import { failureText } from "../../lib/http.ts";
import { saveEstimateWork } from "../../lib/offline-queue/estimateWrites.ts";
import { priceBookForPricing } from "../../lib/priceBook.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { TextField } from "../form/Field.tsx";
import { LoadState } from "../LoadState.tsx";
import { Modal } from "../Modal.tsx";
import { CustomLineForm } from "./CustomLineForm.tsx";
import * as d from "./draft.ts";
import { cents } from "./money.ts";
import "./EstimateBuilder.css";
import { DialogActions } from "../form/DialogActions";

export interface BuilderProps {
  bookingId: string;
  /** Admins may write lines that are not in the price book. */
  customLines: boolean;
  tax: { taxRatePercent: number; taxLabel: string };
  /** Who makes it, for the estimate shown while it waits on the device. */
  createdBy: string;
  onSaved: (saved: { estimateId: string; sent: boolean }) => void;
  onClose: () => void;
}

const matches = (item: PriceBookItem, query: string) => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${item.name} ${item.description}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

/**
 * Builds an estimate on the spot: search the price book as you type, add lines to the option being filled, up to
 * three options with their own titles, each totalled by the contracts' money rules. Saved on the device first (the
 * one queue) and sent when there is a connection; the server prices it again and gives it its number.
 */
export function EstimateBuilder({ bookingId, customLines, tax, createdBy, onSaved, onClose }: BuilderProps) {
  const book = useLoad(priceBookForPricing);
  const [draft, setDraft] = useState(() => d.newDraft(bookingId));
  const [active, setActive] = useState(0);
  const [query, setQuery] = useState("");
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const change = (next: d.Draft) => {
    setDraft(next);
    setProblems([]);
  };
  const target = draft.options[Math.min(active, draft.options.length - 1)]!;

  const save = async () => {
    const found = d.draftProblems(draft, { customLines });
    setProblems(found);
    if (found.length > 0) return;
    setSaving(true);
    const at = new Date();
    try {
      const body = d.createBody(draft, at);
      const preview = d.previewOf(draft, tax, createdBy, at);
      const result = await saveEstimateWork({ type: "create", bookingId, body, preview });
      onSaved({ estimateId: draft._id, sent: result.state === "sent" });
    } catch (error) {
      setProblems([failureText(error, { otherwise: "The estimate could not be saved. Please try again." })]);
      setSaving(false);
    }
  };

  return (
    <Modal title="New Estimate" onClose={onClose} size="large" className="adm estimate-builder-modal">
      <div className="estimate-builder">
        <section className="estimate-builder__book" aria-labelledby="eb-book-title">
          <h3 id="eb-book-title" className="estimate-builder__subtitle">
            Price book <span className="estimate-builder__into">adding to {target.title || "this option"}</span>
          </h3>
          <input
            type="search"
            className="input"
            placeholder="Search: UV light, coil, dryer vent..."
            aria-label="Search the price book"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <LoadState
            load={book}
            loading="Loading the price book..."
            failed="The price book is not on this device yet. Open this screen once with a connection."
          >
            {({ items, kept }) => {
              const shown = items.filter((item) => item.active && matches(item, query));
              return (
                <>
                  {kept && <p className="estimate-builder__kept">Prices as last loaded on this device.</p>}
                  {shown.length === 0 ? (
                    <p className="estimate-builder__none">Nothing in the price book matches “{query}”.</p>
                  ) : (
                    <ul className="estimate-builder__results" aria-label="Price book items">
                      {shown.map((item) => (
                        <li key={item._id}>
                          <button
                            type="button"
                            className="estimate-builder__result"
                            aria-label={`Add ${item.name} to ${target.title}`}
                            onClick={() => change(d.addItem(draft, active, item))}
                          >
                            <span className="estimate-builder__result-name">{item.name}</span>
                            <span className="estimate-builder__result-price">
                              {cents(item.unitPriceCents)} / {item.unitLabel}
                            </span>
                            <span className="estimate-builder__plus" aria-hidden="true">
                              +
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              );
            }}
          </LoadState>
          {customLines && (
            <CustomLineForm onAdd={(line) => change(d.addCustomLine(draft, active, line))} into={target.title} />
          )}
        </section>

        <section className="estimate-builder__options" aria-label="Options">
          {draft.options.map((option, index) => (
            <OptionEditor
              key={option._id}
              option={option}
              index={index}
              active={index === active}
              removable={draft.options.length > 1}
              taxRatePercent={tax.taxRatePercent}
              taxLabel={tax.taxLabel}
              onFocus={() => setActive(index)}
              onChange={change}
              draft={draft}
              onRemove={() => {
                change(d.removeOption(draft, index));
                setActive(0);
              }}
            />
          ))}
          {draft.options.length < MAX_OPTIONS && (
            <button
              type="button"
              className="btn btn-outline estimate-builder__add-option"
              onClick={() => {
                change(d.addOption(draft));
                setActive(draft.options.length);
              }}
            >
              + Add option {draft.options.length + 1} of {MAX_OPTIONS}
            </button>
          )}
        </section>

        <TextField
          id="eb-message"
          label="Note to the customer (optional)"
          rows={2}
          value={draft.message}
          onChange={(message) => change({ ...draft, message })}
          className="estimate-builder__message"
        />

        {problems.length > 0 && (
          <ul className="banner banner-error estimate-builder__problems" role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <DialogActions saving={saving} label="Save Estimate" onCancel={onClose} onConfirm={() => void save()} />
      </div>
    </Modal>
  );
}

interface OptionEditorProps {
  draft: d.Draft;
  option: d.DraftOption;
  index: number;
  active: boolean;
  removable: boolean;
  taxRatePercent: number;
  taxLabel: string;
  onFocus: () => void;
  onChange: (draft: d.Draft) => void;
  onRemove: () => void;
}

/** One option: its title, its lines with their quantities, and its running totals. */
function OptionEditor(props: OptionEditorProps) {
  const { draft, option, index, active, removable, taxRatePercent, taxLabel, onFocus, onChange, onRemove } = props;
  const totals = d.optionTotals(option, taxRatePercent);
  const name = option.title.trim() || `Option ${index + 1}`;
  return (
    <fieldset
      className={`estimate-option${active ? " estimate-option--active" : ""}`}
      onFocus={onFocus}
      onClick={onFocus}
      aria-label={`Option ${index + 1}`}
    >
      <div className="estimate-option__head">
        <input
          className="input estimate-option__title"
          aria-label={`Option ${index + 1} title`}
          value={option.title}
          maxLength={80}
          onChange={(e) => onChange(d.renameOption(draft, index, e.target.value))}
        />
        {removable && (
          <button type="button" className="btn adm-btn-small adm-btn-link" onClick={onRemove}>
            Remove<span className="visually-hidden"> {name}</span>
          </button>
        )}
      </div>
      {active && <p className="estimate-option__hint">Items you pick are added here.</p>}
      {option.lines.length === 0 ? (
        <p className="estimate-option__empty">No lines yet: pick items from the price book.</p>
      ) : (
        <ul className="estimate-option__lines">
          {option.lines.map((line) => (
            <li key={line.key} className="estimate-line">
              <span className="estimate-line__what">{line.description}</span>
              <button
                type="button"
                className="estimate-line__remove"
                aria-label={`Remove ${line.description} from ${name}`}
                onClick={() => onChange(d.removeLine(draft, index, line.key))}
              >
                ×
              </button>
              <span className="estimate-line__calc">
                <input
                  type="number"
                  className="input estimate-line__qty"
                  min={1}
                  max={MAX_QUANTITY}
                  step={1}
                  inputMode="numeric"
                  aria-label={`Quantity of ${line.description} in ${name}`}
                  value={Number.isFinite(line.quantity) ? line.quantity : ""}
                  onChange={(e) => onChange(d.setQuantity(draft, index, line.key, e.target.valueAsNumber))}
                />
                <span className="estimate-line__unit">
                  × {cents(line.unitPriceCents)}
                  {line.unitLabel !== "each" && ` / ${line.unitLabel}`}
                </span>
                <span className="estimate-line__amount">
                  {cents(Number.isInteger(line.quantity) ? line.quantity * line.unitPriceCents : 0)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="estimate-option__sums" aria-label={`${name} totals`}>
        <div>
          <dt>Subtotal</dt>
          <dd>{cents(totals.subtotalCents)}</dd>
        </div>
        <div>
          <dt>
            {taxLabel} ({taxRatePercent}%)
          </dt>
          <dd>{cents(totals.taxCents)}</dd>
        </div>
        <div className="estimate-option__total">
          <dt>Total</dt>
          <dd data-testid={`option-${index + 1}-total`}>{cents(totals.totalCents)}</dd>
        </div>
      </dl>
    </fieldset>
  );
}
