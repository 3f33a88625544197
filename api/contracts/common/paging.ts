import * as v from "valibot";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "./page.ts";

// The page itself and its limits live in page.ts, which loads no schema library.
export { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, type Page, TOTAL_COUNTED_MAX } from "./page.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id in a query or a body: a UUID, else the named field is refused (400) before it reaches the database. */
export const uuidField = (name: string) =>
  v.pipe(v.string(`${name} must be text`), v.regex(UUID, `${name} is not a known id`));

/** `limit`: 1–100 rows, written in the query string; anything else is refused naming `limit`. */
export const limitField = v.optional(
  v.pipe(
    v.string("limit must be a number"),
    v.regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`),
    v.transform(Number),
    v.minValue(1, `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`),
    v.maxValue(PAGE_LIMIT_MAX, `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`),
  ),
  String(PAGE_LIMIT_DEFAULT),
);

/**
 * `cursor`: the `nextCursor` of the page before, as it came; whether it parses is the server's to say (400). Room for
 * a name sort's longest value (120 characters of a non-Latin script are some 360 bytes before base64).
 */
export const cursorField = v.optional(
  v.pipe(v.string("cursor must be text"), v.nonEmpty("cursor is not valid"), v.maxLength(1024, "cursor is not valid")),
);

/** `q`: the text searched for; blank means no search. */
export const searchField = v.optional(
  v.pipe(v.string("q must be text"), v.trim(), v.maxLength(200, "q must be at most 200 characters")),
  "",
);

/** The query fields every paged list takes: `limit`, `cursor` and `q`. */
export const pageQueryFields = { limit: limitField, cursor: cursorField, q: searchField };

/** A sort parameter among `sorts`, named in its refusal. */
export const sortField = <const S extends readonly [string, ...string[]]>(sorts: S, fallback: S[number]) =>
  v.optional(v.picklist(sorts, `sort must be one of ${sorts.join(", ")}`), fallback);
