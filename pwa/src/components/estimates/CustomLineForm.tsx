import { MAX_LINE_DESCRIPTION } from "@contracts/estimates/estimate.ts";
import { MAX_UNIT_PRICE_CENTS } from "@contracts/money/amounts.ts";
import { useState } from "react";
import { dollarsToCents } from "../../lib/priceBook.ts";

/** The office's line written by hand: a description at a price, taxable unless unticked. */
export function CustomLineForm({
  into,
  onAdd,
}: {
  into: string;
  onAdd: (line: { description: string; unitPriceCents: number; taxable: boolean }) => void;
}) {
  const [description, setDescription] = useState("");
  const [price, setPrice] = useState("");
  const [taxable, setTaxable] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const unitPriceCents = dollarsToCents(price);
    if (!description.trim()) return setProblem("Describe the work.");
    if (unitPriceCents === null || unitPriceCents > MAX_UNIT_PRICE_CENTS)
      return setProblem("Enter a price in dollars, up to $100,000.");
    onAdd({ description: description.trim(), unitPriceCents, taxable });
    setDescription("");
    setPrice("");
    setProblem(null);
  };

  return (
    <details className="custom-line">
      <summary>Add a line that is not in the price book</summary>
      <div className="custom-line__fields">
        <input
          className="input"
          aria-label="Custom line description"
          placeholder="Description"
          maxLength={MAX_LINE_DESCRIPTION}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <input
          className="input custom-line__price"
          aria-label="Custom line price ($)"
          placeholder="Price $"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
        <label className="custom-line__taxable">
          <input type="checkbox" checked={taxable} onChange={(e) => setTaxable(e.target.checked)} /> Taxable
        </label>
        <button type="button" className="btn btn-outline adm-btn-small" onClick={add}>
          Add to {into}
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}
