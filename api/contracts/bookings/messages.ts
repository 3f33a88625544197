/**
 * The booking form's texts of SPEC §8, word for word: a module of their own so the public booking page does not
 * download every other text of MESSAGES (which holds these too) to show five of them.
 */
export const BOOKING_MESSAGES = {
  saturdayClosed: "Sorry, we are closed on Saturdays. Please choose another day.",
  tooSoon: "Please choose a date from tomorrow on.",
  invalidDate: "Date input not valid.",
  slotFull: "That time slot is full. Please choose another time.",
  bookingFailed: "Error submitting booking. Please try again.",
} as const;
