import type { InvoicePublicView } from "@contracts/invoices/invoice.ts";
import { invoiceViewPath } from "@contracts/common/page-data.ts";
import { request } from "../../lib/http.ts";

// The link's token is the customer's only credential: no session, no device queue (a payment online needs the server).

const base = invoiceViewPath;

export async function fetchInvoiceView(token: string): Promise<InvoicePublicView> {
  return (await request<{ data: InvoicePublicView }>(base(token))).data;
}

export const invoicePdfUrl = (token: string) => `${base(token)}/pdf`;

/** A Checkout Session for the balance: where to send the customer to pay by card. */
export async function startCheckout(token: string): Promise<string> {
  return (await request<{ url: string }>(`${base(token)}/checkout`, { method: "POST" })).url;
}
