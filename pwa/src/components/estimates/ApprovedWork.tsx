import type { ApprovedWork as Work } from "@contracts/estimates/estimate.ts";
import { cents } from "./money.ts";

/** The work the customer approved on top of the booking: each approved option's lines and the total, tax included. */
export function ApprovedWork({ work, taxLabel }: { work: Work; taxLabel: string }) {
  return (
    <section className="adm-panel approved-work" aria-labelledby="approved-work-title">
      <div className="adm-panel__head">
        <h2 id="approved-work-title" className="adm-panel__title">
          Approved Work
        </h2>
        <span className="approved-work__total" data-testid="approved-work-total">
          {cents(work.totalCents)}
        </span>
      </div>
      {work.items.map((item) => (
        <div key={`${item.estimateId}:${item.optionId}`} className="approved-work__item">
          <p className="approved-work__title">
            {item.title}
            <span className="approved-work__number">{item.number ? ` · ${item.number}` : " · waiting to be sent"}</span>
          </p>
          <ul className="approved-work__lines">
            {item.lines.map((line, i) => (
              <li key={i}>
                <span>
                  {line.description}
                  {line.quantity > 1 && ` × ${line.quantity}`}
                </span>
                <span>{cents(line.amountCents)}</span>
              </li>
            ))}
            {item.taxCents > 0 && (
              <li className="approved-work__tax">
                <span>{taxLabel}</span>
                <span>{cents(item.taxCents)}</span>
              </li>
            )}
          </ul>
        </div>
      ))}
    </section>
  );
}
