import assert from "node:assert/strict";
import * as v from "valibot";
import { PriceBookItemSchema } from "./schemas.ts";

const problem = (body: unknown) => {
  const r = v.safeParse(PriceBookItemSchema, body);
  return r.success ? null : r.issues[0].message;
};

Deno.test("a price-book item defaults to taxable, active and priced per each", () => {
  assert.deepEqual(v.parse(PriceBookItemSchema, { name: " UV light ", unitPriceCents: 44900 }), {
    name: "UV light",
    description: "",
    unitPriceCents: 44900,
    unitLabel: "each",
    taxable: true,
    active: true,
  });
});

Deno.test("a price-book item is refused naming the field: empty name, negative, fractional or too high a price", () => {
  assert.match(problem({ name: "", unitPriceCents: 100 })!, /^Name is required/);
  assert.match(problem({ name: "X", unitPriceCents: -1 })!, /^Unit price must not be negative/);
  assert.match(problem({ name: "X", unitPriceCents: 99.5 })!, /^Unit price must be a whole number/);
  assert.match(problem({ name: "X", unitPriceCents: 10_000_001 })!, /^Unit price must be at most/);
  assert.match(problem({ name: "X", unitPriceCents: "100" })!, /^Unit price must be a number/);
  assert.match(problem({ name: "X", unitPriceCents: 100, color: "red" })!, /color|Invalid/i);
});
