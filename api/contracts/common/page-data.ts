/**
 * The API's answers a page was rendered with on the server, sent with it so that the browser's first render (the
 * hydration) is the same page without asking again: JSON in a data block, which runs nothing (the CSP allows no
 * inline script), keyed by the API path each answer came from.
 */
export const PAGE_DATA_ID = "page-data";

/**
 * On `<html>` of a customer's page the server wrote in the language on their record (with `lang`): the page's script
 * takes the page over in that language, unless the visitor chose another on this device.
 */
export const CUSTOMER_LANG_ATTRIBUTE = "data-customer-lang";

export type PageData = Record<string, unknown>;

/** The block, with `<` escaped so no value can close it. */
export function pageDataBlock(data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

/** The API read of a customer's estimate by the token of their link, which its page is rendered from. */
export const estimateViewPath = (token: string) => `/api/estimates/by-token/${encodeURIComponent(token)}`;
export const invoiceViewPath = (token: string) => `/api/invoices/by-token/${encodeURIComponent(token)}`;
