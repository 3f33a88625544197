import * as v from "valibot";
import { text } from "../common/fields.ts";

/** A service's words in Spanish: left out, the stored ones are kept; empty, there are none (visitors read the English). */
export const spanishText = (max: number, label: string) =>
  v.optional(
    v.pipe(v.string(`${label} must be text`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`)),
  );

/** A Spanish list of a service (benefits, process steps, a package's features), kept or emptied as `spanishText`. */
export const spanishList = (item: string, list: string, maxItems: number) =>
  v.optional(
    v.pipe(v.array(text(300, item), `${list} must be a list`), v.maxLength(maxItems, `At most ${maxItems} ${list}`)),
  );
