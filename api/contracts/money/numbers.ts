/**
 * Document numbers: sequential and without gaps per kind (an accountant's and a tax auditor's rule), allocated by the
 * server inside the transaction that creates the document, and written as the customer reads them.
 */
export const DOCUMENT_KINDS = ["estimate", "invoice"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The first number of each kind: estimates start at E-1001, invoices at INV-000001. */
export const FIRST_NUMBER: Record<DocumentKind, number> = { estimate: 1001, invoice: 1 };

/** "E-1001", "INV-000001". */
export function formatDocumentNumber(kind: DocumentKind, n: number): string {
  return kind === "estimate" ? `E-${n}` : `INV-${String(n).padStart(6, "0")}`;
}
