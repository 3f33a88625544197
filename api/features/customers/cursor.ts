import { BadRequest } from "../../errors.ts";
import { isUuid } from "../../db/ids.ts";

/** Where a page ended: the sort key of its last row (as text) and that row's id, which breaks ties. */
export interface Cursor {
  key: string;
  id: string;
}

export const INVALID_CURSOR = "cursor is not valid";

/** Opaque to clients: base64url of the JSON pair, so a page boundary survives rows inserted before it. */
export const encodeCursor = (cursor: Cursor): string =>
  btoa(JSON.stringify([cursor.key, cursor.id]))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** The cursor a page handed out; anything else is refused (400) before it reaches a query. */
export function decodeCursor(text: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(atob(text.replaceAll("-", "+").replaceAll("_", "/")));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      parsed[0].length <= 300 &&
      typeof parsed[1] === "string" &&
      isUuid(parsed[1])
    ) {
      return { key: parsed[0], id: parsed[1] };
    }
  } catch {
    // Not base64 or not JSON: refused below like any other bad cursor.
  }
  throw new BadRequest(INVALID_CURSOR);
}
