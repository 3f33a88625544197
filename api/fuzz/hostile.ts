import fc from "fast-check";

/** Strings that have broken web apps before: injections, markup, odd Unicode, odd numbers, huge text. */
export const HOSTILE_STRINGS = [
  "'; drop table bookings; --",
  "' OR '1'='1",
  "1; select pg_sleep(5)",
  "$1",
  "\\",
  '"',
  "`",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '" onmouseover="alert(1)',
  "javascript:alert(1)",
  "{{constructor.constructor('alert(1)')()}}",
  "${7*7}",
  "../../etc/passwd",
  "%00",
  "%s%s%s%n",
  "\r\n\r\nHTTP/1.1 200 OK",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "\u202Eevil.exe\u202C",
  "\u200B\u200C\u200D\u2060",
  "\u200F\u05E9\u05DC\u05D5\u05DD\u200E",
  "مرحبا بالعالم",
  "日本語のテキスト",
  "👨‍👩‍👧‍👦🧹🏠✨",
  "Z̴̡̧͓̈́a̷̙͌l̶̰̎g̸̣̈́o̵̮͐",
  "Ω≈ç√∫˜µ≤≥÷",
  "x".repeat(10_000),
  "é".repeat(2_001),
];

/** Strings a database or JSON layer may choke on: NUL and a lone UTF-16 surrogate. */
export const UNSTORABLE_STRINGS = ["a\u0000b", "\u0000", "x\uD800y", "\uDFFF"];

/** Text that fits YYYY-MM-DD but is no day of the calendar (or none Postgres can store). */
export const IMPOSSIBLE_DATES = [
  "2026-02-31",
  "2026-02-29",
  "2026-04-31",
  "2026-13-01",
  "2026-00-10",
  "2026-03-00",
  "0000-01-01",
  "9999-12-32",
];

/**
 * Text that fits the ISO 8601 instant pattern but is not a real instant: no such day, year 0, an offset
 * beyond ±14:00, or a form JavaScript's Date cannot read (postgres.js passes timestamps through it).
 */
export const IMPOSSIBLE_INSTANTS = [
  "2026-02-31T00:00:00Z",
  "2026-04-31T12:00:00Z",
  "2025-02-29T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "0001-01-01T00:00:00Z",
  "2026-01-01T00:00:00+20:00",
  "2026-01-01T00:00:00-15:00",
  "2026-01-01T00:00:00+14:01",
  "2026-01-01T00:00:00+05",
  "2026-01-01 00:00:00 +05:00",
];

const digits = (n: number, width: number) => String(n).padStart(width, "0");

/** Dates and instants that look valid: right shape, fields near and past their limits. */
export const lookalikeDateText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...IMPOSSIBLE_DATES, ...IMPOSSIBLE_INSTANTS),
  fc
    .record({
      year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 1969, 1970, 2026, 9999)),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
      time: fc.option(
        fc.record({
          hour: fc.integer({ min: 0, max: 24 }),
          minute: fc.integer({ min: 0, max: 60 }),
          offset: fc.constantFrom("Z", "+00:00", "-05:00", "+14:00", "-14:00", "+14:30", "+20:00", "+05", " +05:00"),
        }),
      ),
    })
    .map(({ year, month, day, time }) => {
      const date = `${digits(year, 4)}-${digits(month, 2)}-${digits(day, 2)}`;
      return time ? `${date}T${digits(time.hour, 2)}:${digits(time.minute, 2)}:00${time.offset}` : date;
    }),
);

/** Any text, hostile or random, including unstorable text and dates that are not. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS, ...UNSTORABLE_STRINGS),
  lookalikeDateText,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
);

/** Any JSON-ish value: the wrong type for most fields. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyText },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(anyText, { maxLength: 3 }),
  fc.dictionary(anyText, anyText, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Text that must be stored and answered exactly: printable, hostile, no NUL or lone surrogate, trimmed. */
export function storableText(maxLength: number): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
      fc.string({ minLength: 1, maxLength: 60 }),
    )
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= maxLength && !s.includes("\u0000") && s.isWellFormed());
}

/**
 * A valid body with some of its fields replaced by hostile values, some removed and some added: close
 * enough to valid to reach the code behind the validation.
 */
export function mutated(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  const extraKeys = ["__proto__", "constructor", "_id", "id", "status", "version", "estimatedPrice", "admin", "role"];
  return fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: 3 }),
      remove: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      add: fc.dictionary(fc.constantFrom(...extraKeys), anyValue, { maxKeys: 2 }),
    })
    .map(({ replace, remove, add }) => {
      const body: Record<string, unknown> = { ...valid };
      for (const [k, v] of Object.entries(replace)) body[k] = v;
      for (const k of remove) delete body[k];
      for (const [k, v] of Object.entries(add)) Object.defineProperty(body, k, { value: v, enumerable: true });
      return body;
    });
}

/** A valid body with one or two of its text fields replaced by any text: right types, hostile content. */
export function retexted(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const textKeys = Object.keys(valid).filter((k) => typeof valid[k] === "string");
  if (textKeys.length === 0) return fc.constant(valid);
  return fc
    .dictionary(fc.constantFrom(...textKeys), anyText, { minKeys: 1, maxKeys: 2 })
    .map((replace) => ({ ...valid, ...replace }));
}

/** A body as sent on the wire: JSON of a (mutated) value, or something that is not JSON at all. */
export function rawBody(valid: Record<string, unknown> | null): fc.Arbitrary<string | undefined> {
  const json = valid ? mutated(valid).map((b) => JSON.stringify(b)) : anyValue.map((v) => JSON.stringify(v));
  const typed = valid ? retexted(valid).map((b) => JSON.stringify(b)) : json;
  return fc.oneof(
    { weight: 4, arbitrary: json },
    { weight: 3, arbitrary: typed },
    { weight: 1, arbitrary: anyValue.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: anyText },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        undefined,
        "",
        "{",
        "[]",
        "null",
        "1",
        '"text"',
        '{"a":1,"a":2}',
        '{"__proto__":{"admin":true}}',
        "[".repeat(20_000) + "]".repeat(20_000),
        '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000),
        JSON.stringify({ text: "y".repeat(60_000) }),
      ),
    },
  );
}

export const contentType = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "application/merge-patch+json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  undefined,
);

/** A path segment: real-looking ids, random text, traversal and encoding tricks, all URL-encoded. */
export function pathId(known: () => string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.nat().map((i) => {
        const ids = known();
        return ids.length > 0 ? ids[i % ids.length]! : "none";
      }),
    },
    fc.uuid().map(String),
    anyText.map((s) => encodeURIComponent(s.toWellFormed())),
    fc.constantFrom("..", "%2e%2e", "%2F", "%00", "%E0%A4%A", "%", "a%20b", "air-duct-cleaning", "-", "A".repeat(300)),
  );
}

/** Header values a client might send (latin-1 only, as HTTP allows). */
export const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", " ", "x".repeat(300), "Bearer", "Bearer ", "Basic YWRtaW46YWRtaW4=", "Bearer a.b.c", "null"),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((n) => String.fromCharCode(n)), maxLength: 40 }),
);
