import type { EstimatePublicView } from "../estimates/estimate.ts";
import type { InvoicePublicView } from "../invoices/invoice.ts";

/** Where the customer's own pages are: each document's page works by its token, signed in or not. */
export const estimatePagePath = (token: string) => `/estimates/${encodeURIComponent(token)}`;
export const invoicePagePath = (token: string) => `/invoices/${encodeURIComponent(token)}`;
export const estimatePdfPath = (token: string) => `/api/estimates/by-token/${encodeURIComponent(token)}/pdf`;
export const invoicePdfPath = (token: string) => `/api/invoices/by-token/${encodeURIComponent(token)}/pdf`;

/** Which visit a document belongs to, as the portal lists it. */
interface OfVisit {
  _id: string;
  bookingId: string;
  /** The visit's address, one line. */
  address: string;
  /** The estimate's or invoice's own page: approving, declining and paying happen there, through its one path. */
  url: string;
  pdfUrl: string;
}

/** An estimate as its customer sees it in the portal: what its page shows, less the business card. */
export type PortalEstimate = Omit<EstimatePublicView, "business" | "customer" | "locale" | "days"> & OfVisit;

/** GET /api/portal/estimates. */
export interface PortalEstimates {
  /** Sent and not expired: the customer may approve or decline them. Newest first. */
  toApprove: PortalEstimate[];
  /** Approved, newest first. */
  approved: PortalEstimate[];
}

/** An invoice as its customer sees it in the portal: what its page shows, less the business card. */
export type PortalInvoice = Omit<InvoicePublicView, "business" | "customer" | "locale" | "days"> & OfVisit;

/** GET /api/portal/invoices. Void invoices are not listed: nothing is owed on them. */
export interface PortalInvoices {
  /** Something is owed (open or partly paid), the one due soonest first. */
  open: PortalInvoice[];
  /** Paid in full, newest first, each with its payments (the receipts) and its PDF. */
  paid: PortalInvoice[];
}

export const PORTAL_MONEY_MESSAGES = {
  estimateNotFound: "Estimate not found",
  invoiceNotFound: "Invoice not found",
} as const;

/** Splits a customer's estimates: only sent ones still open and approved ones are listed. */
export function groupEstimates(all: readonly PortalEstimate[]): PortalEstimates {
  const newest = (a: PortalEstimate, b: PortalEstimate) => b.createdAt.localeCompare(a.createdAt);
  return {
    toApprove: all.filter((e) => e.status === "sent").sort(newest),
    approved: all.filter((e) => e.status === "approved").sort(newest),
  };
}

/** Splits a customer's invoices: open ones (due soonest first) and paid ones (newest first); void ones left out. */
export function groupInvoices(all: readonly PortalInvoice[]): PortalInvoices {
  return {
    open: all
      .filter((i) => i.status === "open" || i.status === "partially_paid")
      .sort((a, b) => a.dueAt.localeCompare(b.dueAt)),
    paid: all.filter((i) => i.status === "paid").sort((a, b) => b.issuedAt.localeCompare(a.issuedAt)),
  };
}
