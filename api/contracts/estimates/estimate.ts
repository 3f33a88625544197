import type { Locale } from "../i18n/locales.ts";
import type { BusinessCard } from "../settings/profile.ts";
import type { DocumentTotals } from "../money/amounts.ts";

/**
 * An estimate: priced options of extra work on a booking, for the customer to approve one of (on the tablet or
 * through a link) or decline. Every amount is integer cents, computed by the server.
 */
export const ESTIMATE_STATUSES = ["draft", "sent", "approved", "declined", "expired"] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

export const MAX_OPTIONS = 3;
export const MAX_LINES = 30;
/** How long a customer has to approve an estimate, from its creation. */
export const ESTIMATE_VALID_DAYS = 30;
export const MAX_OPTION_TITLE = 80;
export const MAX_LINE_DESCRIPTION = 200;
export const MAX_ESTIMATE_MESSAGE = 2000;
export const MAX_SIGNED_BY = 120;
export const MAX_DECLINE_REASON = 1000;

/** A priced line, as the customer reads it. */
export interface EstimateLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  taxable: boolean;
  /** The member discount's own line ("Clean Air Club member −15 %"), added by the server for a member's property. */
  memberDiscount?: boolean;
}

/** One choice the customer may approve ("Good", "Better", "Best"), with its own totals. */
export interface EstimateOption extends DocumentTotals {
  _id: string;
  title: string;
  lines: EstimateLine[];
  /**
   * The deposit approving it asks, in cents, computed by the server when the estimate was made (the option's own
   * percent or amount, else the estimate's percent, else the Settings default); absent on estimates made before.
   */
  depositCents?: number;
}

export type ApprovalVia = "link" | "on-site";

export interface EstimateApproval {
  via: ApprovalVia;
  /** The name the customer typed. */
  signedBy: string;
  /** When the customer approved: the device's time on site (bounded by the server), the server's through a link. */
  at: string;
  /** When the approval reached the server: later than `at` when it waited in a device's queue. */
  receivedAt: string;
  /** The drawn signature (a PNG), or null when none was drawn. */
  signatureUrl: string | null;
}

export interface EstimateDecline {
  reason: string;
  at: string;
}

export interface Estimate {
  _id: string;
  /** "E-1001": sequential without gaps, given by the server when the estimate reaches it. */
  number: string;
  bookingId: string;
  /** Read with the time of the answer: a draft or sent estimate past `expiresAt` answers "expired". */
  status: EstimateStatus;
  options: EstimateOption[];
  approvedOptionId: string | null;
  /** Percent of the approved option's total asked up front (0: none). */
  depositPercent: number;
  /** The deposit of the approved option; before approval, of the first option (what the customer would pay). */
  depositCents: number;
  /** What was paid of the deposit, less its refunds (0 while none was). */
  depositPaidCents: number;
  /** A note to the customer, shown above the options. */
  message: string;
  /** The rate and label the estimate was priced with: later changes of the settings do not reprice it. */
  taxRatePercent: number;
  taxLabel: string;
  /** `createdAt` + 30 days. */
  expiresAt: string;
  approval: EstimateApproval | null;
  decline: EstimateDecline | null;
  /** The secret of the customer's link `/estimates/{token}`. */
  token: string;
  /** When it was made (on a device: its time there, bounded), when it was last e-mailed. */
  createdAt: string;
  sentAt: string | null;
  updatedAt: string;
  /** The staff member who made it. */
  createdBy: string;
}

/**
 * GET /api/estimates/by-token/{token}: what the customer's page shows, without the booking's id, the token, who
 * made it or any other staff-side field.
 */
export interface EstimatePublicView extends Pick<
  Estimate,
  | "number"
  | "status"
  | "options"
  | "approvedOptionId"
  | "depositPercent"
  | "depositCents"
  | "depositPaidCents"
  | "message"
  | "taxRatePercent"
  | "taxLabel"
  | "expiresAt"
  | "createdAt"
  | "decline"
> {
  /** The approval without the signature's staff address (`GET …/by-token/{token}/pdf` shows it). */
  approval: Omit<EstimateApproval, "signatureUrl"> | null;
  business: BusinessCard;
  customer: { name: string; address: string };
  /** The customer's language (their record's): the page is written in it. */
  locale: Locale;
  /** Its days in the business's time zone ("2026-11-20"), as the page says them. */
  days: { written: string; validUntil: string; approved: string | null; declined: string | null };
}

/** The approved options of a booking's estimates: the work the job screen and the booking details show. */
export interface ApprovedWork {
  /** The sum of the approved options' totals (tax included). */
  totalCents: number;
  items: ApprovedWorkItem[];
}

export interface ApprovedWorkItem extends DocumentTotals {
  estimateId: string;
  number: string;
  optionId: string;
  title: string;
  lines: EstimateLine[];
}

/** What a Checkout Session for an option's deposit is made from (the server asks the payment provider for it). */
export interface DepositCheckoutRequest {
  estimateId: string;
  optionId: string;
  number: string;
  amountCents: number;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

/** The `estimateApproved` socket event: the approved estimate and whose it is, for the office's notice. */
export interface EstimateApproved {
  estimate: Estimate;
  customerName: string;
}

/** The terms an estimate is given on (its page and its PDF), after the validity date. */
export const ESTIMATE_TERMS = [
  "Prices are in US dollars and include the tax shown. Approving an option authorizes that work at the price shown; " +
    "the other options are then declined.",
  "Hidden conditions found once work begins (damaged ductwork behind walls, mold beyond the areas inspected) are " +
    "quoted separately and never done without your approval.",
  "A deposit, when one is asked, is due on approval and is deducted from the invoice.",
] as const;
