import * as v from "valibot";
import { email } from "../common/fields.ts";

/** POST /api/portal/sign-in. */
export const SignInRequestSchema = v.object({ email });

/** A sign-in token as e-mailed: 43 base64url characters (256 random bits). */
export const SIGN_IN_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/portal/sessions. */
export const SessionRequestSchema = v.object({
  token: v.pipe(v.string("Token must be text"), v.maxLength(200, "Token is too long")),
});

/** PUT /api/portal/preferences: either switch, or both. */
export const PreferencesSchema = v.strictObject({
  visitReminders: v.optional(v.boolean("Visit reminders must be on or off")),
  yearlyReminders: v.optional(v.boolean("Yearly reminders must be on or off")),
});

export const MAX_RATING_COMMENT = 2000;

const stars = v.pipe(
  v.number("Stars must be a number from 1 to 5"),
  v.integer("Stars must be a whole number from 1 to 5"),
  v.minValue(1, "Stars must be from 1 to 5"),
  v.maxValue(5, "Stars must be from 1 to 5"),
);
const comment = v.optional(
  v.pipe(
    v.string("Comment must be text"),
    v.trim(),
    v.maxLength(MAX_RATING_COMMENT, `Comment must be at most ${MAX_RATING_COMMENT} characters`),
  ),
  "",
);

/** POST /api/portal/ratings (signed in). */
export const RatingSchema = v.object({
  bookingId: v.pipe(v.string("Booking id must be text"), v.maxLength(100)),
  stars,
  comment,
});

/** POST /api/portal/ratings/{token} (the e-mail's one-time link). */
export const LinkRatingSchema = v.object({ stars, comment });
