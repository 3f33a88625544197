import * as v from "valibot";
import { validator } from "hono/validator";
import { MESSAGES } from "../contracts/common/messages.ts";
import { BadRequest, type Issue } from "../errors.ts";

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** One issue per field (the first), as a form shows one message under each field. */
function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  const byPath = new Map<string, string>();
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? "";
    if (!byPath.has(path)) byPath.set(path, issue.message);
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
}

/** Text the database cannot store as given: NUL, or a lone UTF-16 surrogate (no UTF-8 for it). */
const unstorable = (s: string) => s.includes("\u0000") || !s.isWellFormed();

/**
 * True when any string in the value (keys too) is unstorable. Iterative: a body nested thousands deep
 * must not overflow the stack.
 */
export function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (unstorable(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === "object") {
      for (const [key, inner] of Object.entries(item)) {
        if (unstorable(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** valibot's object schemas read an array as an object (`typeof [] === "object"`): `[]` would pass as `{}`. */
const OBJECT_SCHEMAS = new Set(["object", "strict_object", "loose_object", "object_with_rest"]);

function check<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  if (Array.isArray(value) && OBJECT_SCHEMAS.has(schema.type)) throw new BadRequest(MESSAGES.notAnObject);
  // Refused rather than stored altered or failing in the database with a 500.
  if (hasUnstorableText(value)) throw new BadRequest(MESSAGES.unstorableText);
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const issues = toIssues(result.issues);
    throw new BadRequest(issues[0]?.message ?? MESSAGES.invalidInput, issues);
  }
  return result.output;
}

/** Hono hands over {} for a non-JSON body; say so instead of listing every field as missing. */
function assertJsonMediaType(contentType: string | undefined): void {
  const mediaType = (contentType ?? "").split(";")[0]!.trim();
  if (!JSON_MEDIA_TYPE.test(mediaType)) throw new BadRequest(MESSAGES.notJson);
}

/** Validates the JSON body against a contracts schema; 400 `{ message, issues }` when it does not fit. */
export function validateJson<S extends v.GenericSchema>(schema: S) {
  return validator("json", (value, c) => {
    assertJsonMediaType(c.req.header("Content-Type"));
    return check(schema, value);
  });
}

/** validateJson for a body that may be left out (no Content-Type: `{}`), as a POST whose fields are all optional. */
export function validateOptionalJson<S extends v.GenericSchema>(schema: S) {
  return validator("json", (value, c) => {
    if (c.req.header("Content-Type") !== undefined) assertJsonMediaType(c.req.header("Content-Type"));
    return check(schema, value);
  });
}

/**
 * validateJson with a schema made per request, for a body whose valid values follow the settings (the slot labels
 * of the current hours).
 */
export function validateJsonBy<S extends v.GenericSchema>(schemaNow: () => Promise<S>) {
  return validator("json", async (value, c) => {
    assertJsonMediaType(c.req.header("Content-Type"));
    return check(await schemaNow(), value) as v.InferOutput<S>;
  });
}

/** Validates the query string; 400 `{ message, issues }` when it does not fit. */
export function validateQuery<S extends v.GenericSchema>(schema: S) {
  return validator("query", (value) => check(schema, value));
}
