// Each catalog area's English catalog, which scripts/i18n/extract.mjs writes; the Spanish one is beside it, in es/
// instead of en/. An id begins with its area: `public.topBar.hours`.
export const AREAS = {
  // The public site, the booking form, the customer's pages (PWA).
  public: "pwa/src/i18n/en/public.json",
  // The technician's app and the staff shell (PWA).
  field: "pwa/src/i18n/en/field.json",
  // The office's screens (PWA); English only for now, ready for Spanish.
  office: "pwa/src/i18n/en/office.json",
  // What the server writes to a customer: e-mails, calendar files, texts, PDFs, the API's error messages.
  customer: "api/i18n/catalogs/en/customer.json",
  // What the server writes to a staff member: their invitation and sign-in e-mails.
  staff: "api/i18n/catalogs/en/staff.json",
};
