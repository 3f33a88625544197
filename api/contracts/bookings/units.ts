// The units a booking may count, apart from the price rule (pricing.ts): the schemas that check a count import these
// and not the rule, so the staff screens that load a schema do not share the booking form's pricing chunk.

export const MIN_UNITS = 1;

export const MAX_UNITS = 10;
