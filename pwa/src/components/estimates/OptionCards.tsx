import type { EstimateOption } from "@contracts/estimates/estimate.ts";
import type { ReactNode } from "react";
import { defineMessages, formatPlain } from "@contracts/i18n/messages.ts";
import type { Translator } from "../../lib/i18n/I18nProvider.tsx";
import { cents } from "./money.ts";
import "./OptionCards.css";

// The customer's estimate page's words (the public catalog); the office's and the tablet's screens show the English.
const messages = defineMessages({
  approved: { id: "public.optionCards.approved", defaultMessage: "Approved" },
  chosen: { id: "public.optionCards.chosen", defaultMessage: "Chosen" },
  notChosen: { id: "public.optionCards.notChosen", defaultMessage: "Not chosen" },
  inclTax: { id: "public.optionCards.inclTax", defaultMessage: "incl. {tax}", description: "tax: the tax's own label" },
  includes: { id: "public.optionCards.includes", defaultMessage: "What {title} includes" },
  subtotal: { id: "public.optionCards.subtotal", defaultMessage: "Subtotal" },
  total: { id: "public.optionCards.total", defaultMessage: "Total" },
});

interface Props {
  options: readonly EstimateOption[];
  taxLabel: string;
  taxRatePercent: number;
  /** The option approved (marked), or chosen in a form (marked as chosen). */
  approvedOptionId?: string | null;
  chosenOptionId?: string | null;
  /** What goes at the foot of each card: a "Choose" button on the signing step and the customer's page. */
  foot?: (option: EstimateOption) => ReactNode;
  /** The heading level of each option's title in the page's outline. */
  headingLevel?: 2 | 3;
  /**
   * The customer's page's translator (English without it). Passed, not the hook: importing the hook here split the
   * bundler's preload helper out of the entry (the signing step loads these cards lazily), a file more on every page.
   */
  t?: Translator["t"];
}

const english: Translator["t"] = (message, values) => formatPlain(message.defaultMessage, values);

/**
 * The options of an estimate side by side (stacked on a phone): what each includes, line by line, and what it costs,
 * tax included. The same cards on the tablet the customer signs on, on their own page and in the office.
 */
export function OptionCards({
  options,
  taxLabel,
  taxRatePercent,
  approvedOptionId,
  chosenOptionId,
  foot,
  headingLevel = 3,
  t = english,
}: Props) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={`option-cards option-cards--${Math.min(options.length, 3)}`}>
      {options.map((option) => {
        const approved = option._id === approvedOptionId;
        const chosen = option._id === chosenOptionId;
        const passedOver = Boolean(approvedOptionId) && !approved;
        const state = approved
          ? " option-card--approved"
          : chosen
            ? " option-card--chosen"
            : passedOver
              ? " option-card--passed"
              : "";
        return (
          <li key={option._id} className={`option-card${state}`} aria-current={chosen || approved || undefined}>
            <div className="option-card__head">
              <Heading className="option-card__title">{option.title}</Heading>
              {approved && <span className="option-card__flag">{t(messages.approved)}</span>}
              {!approved && chosen && <span className="option-card__flag">{t(messages.chosen)}</span>}
              {passedOver && (
                <span className="option-card__flag option-card__flag--passed">{t(messages.notChosen)}</span>
              )}
            </div>
            <p className="option-card__total">
              {cents(option.totalCents)}
              {option.taxCents > 0 && (
                <span className="option-card__incl"> {t(messages.inclTax, { tax: taxLabel.toLowerCase() })}</span>
              )}
            </p>
            <ul className="option-card__lines" aria-label={t(messages.includes, { title: option.title })}>
              {option.lines.map((line, i) => (
                <li key={i} className="option-card__line">
                  <span className="option-card__what">
                    {line.description}
                    {line.quantity > 1 && (
                      <span className="option-card__qty">
                        {" "}
                        {line.quantity} × {cents(line.unitPriceCents)}
                      </span>
                    )}
                  </span>
                  <span className="option-card__amount">{cents(line.amountCents)}</span>
                </li>
              ))}
            </ul>
            <dl className="option-card__sums">
              <div>
                <dt>{t(messages.subtotal)}</dt>
                <dd>{cents(option.subtotalCents)}</dd>
              </div>
              {/* A business that charges no tax does not print a line of nothing. */}
              {(taxRatePercent > 0 || option.taxCents > 0) && (
                <div>
                  <dt>
                    {taxLabel} ({taxRatePercent}%)
                  </dt>
                  <dd>{cents(option.taxCents)}</dd>
                </div>
              )}
              <div className="option-card__grand">
                <dt>{t(messages.total)}</dt>
                <dd>{cents(option.totalCents)}</dd>
              </div>
            </dl>
            {foot && <div className="option-card__foot">{foot(option)}</div>}
          </li>
        );
      })}
    </ul>
  );
}
