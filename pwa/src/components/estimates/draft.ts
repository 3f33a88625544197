import type { Estimate, EstimateOption } from "@contracts/estimates/estimate.ts";
import { ESTIMATE_VALID_DAYS, MAX_LINES, MAX_OPTIONS } from "@contracts/estimates/estimate.ts";
import { expiryOf } from "@contracts/estimates/rules.ts";
import { EstimateCreateSchema } from "@contracts/estimates/schemas.ts";
import { documentTotals, lineAmountCents, type DocumentTotals } from "@contracts/money/amounts.ts";
import { MAX_QUANTITY } from "@contracts/money/amounts.ts";
import type { PriceBookItem } from "@contracts/price-book/item.ts";
import * as v from "valibot";
import { newId } from "../../lib/offline-queue/ids.ts";

/**
 * An estimate as it is being built on the device: the options and their lines, with the ids the device chose (so an
 * approval signed before the server has seen it can name the estimate and the option). Prices are the price book's
 * as the device has it; the server prices again when the estimate reaches it, and its figures win.
 */
export interface DraftLine {
  key: string;
  /** The price book's item, or none for a line written by hand (admins only). */
  priceBookItemId: string | null;
  description: string;
  unitLabel: string;
  unitPriceCents: number;
  taxable: boolean;
  quantity: number;
}

export interface DraftOption {
  _id: string;
  title: string;
  lines: DraftLine[];
}

export interface Draft {
  _id: string;
  bookingId: string;
  options: DraftOption[];
  message: string;
}

/** The titles options start with; the technician may rename them. */
export const OPTION_TITLES = ["Good", "Better", "Best"] as const;

export const newOption = (index: number): DraftOption => ({
  _id: newId(),
  title: OPTION_TITLES[index] ?? `Option ${index + 1}`,
  lines: [],
});

export const newDraft = (bookingId: string): Draft => ({
  _id: newId(),
  bookingId,
  options: [newOption(0)],
  message: "",
});

const withOption = (draft: Draft, index: number, change: (option: DraftOption) => DraftOption): Draft => ({
  ...draft,
  options: draft.options.map((option, i) => (i === index ? change(option) : option)),
});

/** Another option, up to three, starting as a copy of the last one's lines (the usual "better" adds to "good"). */
export function addOption(draft: Draft): Draft {
  if (draft.options.length >= MAX_OPTIONS) return draft;
  const last = draft.options.at(-1);
  const option = newOption(draft.options.length);
  const lines = (last?.lines ?? []).map((line) => ({ ...line, key: newId() }));
  return { ...draft, options: [...draft.options, { ...option, lines }] };
}

export function removeOption(draft: Draft, index: number): Draft {
  if (draft.options.length <= 1) return draft;
  return { ...draft, options: draft.options.filter((_, i) => i !== index) };
}

export const renameOption = (draft: Draft, index: number, title: string): Draft =>
  withOption(draft, index, (option) => ({ ...option, title }));

/** Adds an item of the price book to an option; an item already there gets one more instead of a second line. */
export function addItem(draft: Draft, index: number, item: PriceBookItem): Draft {
  return withOption(draft, index, (option) => {
    const there = option.lines.find((line) => line.priceBookItemId === item._id);
    if (there) {
      const quantity = Math.min(MAX_QUANTITY, there.quantity + 1);
      return { ...option, lines: option.lines.map((line) => (line === there ? { ...line, quantity } : line)) };
    }
    if (option.lines.length >= MAX_LINES) return option;
    const line: DraftLine = {
      key: newId(),
      priceBookItemId: item._id,
      description: item.name,
      unitLabel: item.unitLabel,
      unitPriceCents: item.unitPriceCents,
      taxable: item.taxable,
      quantity: 1,
    };
    return { ...option, lines: [...option.lines, line] };
  });
}

/** A line written by hand (admins only): a description at a price, taxable unless said otherwise. */
export function addCustomLine(
  draft: Draft,
  index: number,
  custom: { description: string; unitPriceCents: number; taxable: boolean },
): Draft {
  return withOption(draft, index, (option) =>
    option.lines.length >= MAX_LINES
      ? option
      : {
          ...option,
          lines: [...option.lines, { key: newId(), priceBookItemId: null, unitLabel: "each", quantity: 1, ...custom }],
        },
  );
}

export const setQuantity = (draft: Draft, index: number, key: string, quantity: number): Draft =>
  withOption(draft, index, (option) => ({
    ...option,
    lines: option.lines.map((line) => (line.key === key ? { ...line, quantity } : line)),
  }));

export const removeLine = (draft: Draft, index: number, key: string): Draft =>
  withOption(draft, index, (option) => ({ ...option, lines: option.lines.filter((line) => line.key !== key) }));

/** An option's figures by the contracts' money rules: tax on the taxable lines, rounded once for the option. */
export function optionTotals(option: DraftOption, taxRatePercent: number): DocumentTotals {
  return documentTotals(
    option.lines.map(({ quantity, unitPriceCents, taxable }) => ({
      // A quantity being typed (empty, 0) counts as nothing rather than breaking the sum.
      quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 0,
      unitPriceCents,
      taxable,
    })),
    taxRatePercent,
  );
}

/** POST /api/estimates's body, with the device's ids and time. */
export function createBody(draft: Draft, at: Date) {
  return {
    _id: draft._id,
    bookingId: draft.bookingId,
    options: draft.options.map((option) => ({
      _id: option._id,
      title: option.title.trim(),
      lines: option.lines.map((line) =>
        line.priceBookItemId
          ? { priceBookItemId: line.priceBookItemId, quantity: line.quantity }
          : {
              description: line.description,
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents,
              taxable: line.taxable,
            },
      ),
    })),
    ...(draft.message.trim() ? { message: draft.message.trim() } : {}),
    at: at.toISOString(),
  };
}
export type CreateBody = ReturnType<typeof createBody>;

/**
 * What keeps the draft from being saved, in words, by the contract's own rules (the server checks the same):
 * empty titles, options without lines, quantities out of range; and a line written by hand from a technician,
 * which the server refuses.
 */
export function draftProblems(draft: Draft, { customLines }: { customLines: boolean }): string[] {
  const problems: string[] = [];
  draft.options.forEach((option, i) => {
    const name = option.title.trim() || `Option ${i + 1}`;
    if (!option.title.trim()) problems.push(`Option ${i + 1} needs a title.`);
    if (option.lines.length === 0) problems.push(`${name} needs at least 1 line.`);
    if (!customLines && option.lines.some((line) => line.priceBookItemId === null))
      problems.push(`${name}: only the office may add lines that are not in the price book.`);
  });
  if (problems.length > 0) return problems;
  const checked = v.safeParse(EstimateCreateSchema, createBody(draft, new Date()));
  if (!checked.success) problems.push(...new Set(checked.issues.map((issue) => issue.message)));
  return problems;
}

/**
 * The estimate as it will read once the server has it, for the screen to show while it waits on the device: the
 * same figures by the same rules, no number yet.
 */
export function previewOf(
  draft: Draft,
  tax: { taxRatePercent: number; taxLabel: string },
  createdBy: string,
  at: Date,
): Estimate {
  const options: EstimateOption[] = draft.options.map((option) => ({
    _id: option._id,
    title: option.title.trim(),
    lines: option.lines.map(({ description, quantity, unitPriceCents, taxable }) => ({
      description,
      quantity,
      unitPriceCents,
      amountCents: lineAmountCents(quantity, unitPriceCents),
      taxable,
    })),
    ...optionTotals(option, tax.taxRatePercent),
  }));
  const time = at.toISOString();
  return {
    _id: draft._id,
    number: "",
    bookingId: draft.bookingId,
    status: "draft",
    options,
    approvedOptionId: null,
    depositPercent: 0,
    depositCents: 0,
    depositPaidCents: 0,
    message: draft.message.trim(),
    ...tax,
    expiresAt: expiryOf(at, ESTIMATE_VALID_DAYS).toISOString(),
    approval: null,
    decline: null,
    token: "",
    createdAt: time,
    sentAt: null,
    updatedAt: time,
    createdBy,
  };
}
