/**
 * What a membership's refusals say, to the office and to the customer joining or cancelling on their own page (the
 * customer's in their language: api/i18n/errors.ts).
 */
export const MEMBERSHIP_MESSAGES = {
  notFound: "Membership not found",
  customerNotFound: "Customer not found",
  planNotFound: "Plan not found",
  planArchived: "This plan is archived: it is sold no more",
  propertyNotFound: "This property is not the customer's",
  propertyNotFoundForCustomer: "Property not found",
  noEmail: "The customer has no e-mail address for the card link",
  already: "This property already has a membership",
  notSetUp: "Online payment is not set up",
  ended: "This membership has ended",
  cancelling: "This membership already ends at the end of its period",
  invoiceNotFound: "Plan invoice not found",
  paidByCard: "This membership is paid by card: its invoices are paid through the card on file",
  alreadyPaid: "This plan invoice is paid already",
} as const;
