import type { PriceBookItem } from "@contracts/price-book/item.ts";
import { MAX_ITEM_DESCRIPTION, MAX_ITEM_NAME, MAX_UNIT_LABEL } from "@contracts/price-book/item.ts";
import { useState, type FormEvent } from "react";
import { TextField } from "../../components/form/Field.tsx";
import { Modal } from "../../components/Modal.tsx";
import { failureText } from "../../lib/http.ts";
import { savePriceBookItem } from "./api.ts";
import { emptyItemFields, itemToFields, toItemInput, type ItemErrors, type ItemFields } from "./priceBookForm.ts";
import { DialogActions } from "../../components/form/DialogActions";

interface Props {
  /** Edit mode when given; add mode otherwise. */
  item?: PriceBookItem;
  onSaved: (item: PriceBookItem) => void;
  onClose: () => void;
}

/** Add or edit one item of the price book: its name, what it includes, its price per unit and whether it is taxed. */
export function PriceBookFormModal({ item, onSaved, onClose }: Props) {
  const [fields, setFields] = useState<ItemFields>(() => (item ? itemToFields(item) : emptyItemFields()));
  const [errors, setErrors] = useState<ItemErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ItemFields>) => setFields((f) => ({ ...f, ...patch }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = toItemInput(fields, item?.active ?? true);
    setProblem(null);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      onSaved(await savePriceBookItem(checked.input, item?._id));
    } catch (error) {
      setProblem(failureText(error, { otherwise: "The item could not be saved. Please try again." }));
      setBusy(false);
    }
  }

  return (
    <Modal title={item ? "Edit Item" : "Add Item"} onClose={onClose} className="adm">
      <form className="price-book-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          id="pb-name"
          label="Name"
          required
          maxLength={MAX_ITEM_NAME}
          value={fields.name}
          error={errors.name}
          onChange={(name) => set({ name })}
        />
        <TextField
          id="pb-description"
          label="What it includes"
          rows={3}
          maxLength={MAX_ITEM_DESCRIPTION}
          value={fields.description}
          error={errors.description}
          hint="Shown to the customer under the line on the estimate."
          onChange={(description) => set({ description })}
        />
        <div className="price-book-form__row">
          <TextField
            id="pb-price"
            label="Unit price ($)"
            required
            inputMode="decimal"
            value={fields.price}
            error={errors.price}
            onChange={(price) => set({ price })}
          />
          <TextField
            id="pb-unit"
            label="Unit"
            maxLength={MAX_UNIT_LABEL}
            value={fields.unitLabel}
            error={errors.unitLabel}
            hint='"each", "ft", "vent"'
            onChange={(unitLabel) => set({ unitLabel })}
          />
        </div>
        <label className="price-book-form__check">
          <input type="checkbox" checked={fields.taxable} onChange={(e) => set({ taxable: e.target.checked })} />
          Taxable
        </label>
        <DialogActions problem={problem} saving={busy} label={item ? "Save Item" : "Add Item"} onCancel={onClose} />
      </form>
    </Modal>
  );
}
