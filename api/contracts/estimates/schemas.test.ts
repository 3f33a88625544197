import assert from "node:assert/strict";
import * as v from "valibot";
import { ApproveByTokenSchema, ApproveOnSiteSchema, EstimateCreateSchema } from "./schemas.ts";

const BOOKING = "6f1c1d5e-8a43-4c8e-9d8e-2f6a3c1b7e10";
const PNG = "data:image/png;base64,iVBORw0KGgo=";

const problem = (schema: v.GenericSchema, body: unknown) => {
  const r = v.safeParse(schema, body);
  return r.success ? null : r.issues[0].message;
};

Deno.test("a line is priced from the price book, a service, or given by hand, and says which", () => {
  const r = v.parse(EstimateCreateSchema, {
    bookingId: BOOKING,
    options: [
      {
        title: "Better",
        lines: [
          { priceBookItemId: "uv-light", quantity: 1 },
          { serviceId: "dryer-vent-cleaning", quantity: 2 },
          { description: "Seal return plenum", quantity: 1, unitPriceCents: 8500 },
        ],
      },
    ],
  });
  assert.deepEqual(r.options[0]!.lines, [
    { source: "price-book", priceBookItemId: "uv-light", quantity: 1 },
    { source: "service", serviceId: "dryer-vent-cleaning", quantity: 2 },
    { source: "custom", description: "Seal return plenum", quantity: 1, unitPriceCents: 8500, taxable: true },
  ]);
  // No deposit named: the settings' default applies when the estimate is made.
  assert.equal(r.depositPercent, undefined);
  assert.equal(r.message, "");
});

Deno.test("refuses what an estimate cannot hold, naming the field", () => {
  const body = (over: object) => ({
    bookingId: BOOKING,
    options: [{ title: "A", lines: [{ priceBookItemId: "x", quantity: 1 }] }],
    ...over,
  });
  const lines = (l: object[]) => body({ options: [{ title: "A", lines: l }] });
  const opt = { title: "A", lines: [{ priceBookItemId: "x", quantity: 1 }] };
  assert.match(problem(EstimateCreateSchema, body({ options: [] }))!, /at least 1 option/);
  assert.match(problem(EstimateCreateSchema, body({ options: [opt, opt, opt, opt] }))!, /at most 3 options/);
  assert.match(problem(EstimateCreateSchema, lines([]))!, /at least 1 line/);
  const many = Array.from({ length: 31 }, () => ({ priceBookItemId: "x", quantity: 1 }));
  assert.match(problem(EstimateCreateSchema, lines(many))!, /at most 30 lines/);
  assert.match(problem(EstimateCreateSchema, lines([{ priceBookItemId: "x", quantity: 0 }]))!, /Quantity/);
  assert.match(problem(EstimateCreateSchema, lines([{ priceBookItemId: "x", quantity: 1001 }]))!, /Quantity/);
  assert.match(problem(EstimateCreateSchema, lines([{ priceBookItemId: "x", quantity: 1.5 }]))!, /Quantity/);
  const custom = (unitPriceCents: unknown) => lines([{ description: "Custom", quantity: 1, unitPriceCents }]);
  assert.match(problem(EstimateCreateSchema, custom(-1))!, /Unit price must not be negative/);
  assert.match(problem(EstimateCreateSchema, custom(10.5))!, /Unit price must be a whole number/);
  assert.match(problem(EstimateCreateSchema, custom(10_000_001))!, /Unit price must be at most \$100,000/);
  assert.equal(problem(EstimateCreateSchema, custom(10_000_000)), null);
  assert.match(problem(EstimateCreateSchema, lines([{ quantity: 1 }]))!, /exactly one of/);
  assert.match(problem(EstimateCreateSchema, lines([{ priceBookItemId: "x", serviceId: "y", quantity: 1 }]))!, /one/);
  assert.match(problem(EstimateCreateSchema, lines([{ description: "No price", quantity: 1 }]))!, /one/);
  assert.match(problem(EstimateCreateSchema, body({ depositPercent: 101 }))!, /Deposit percent/);
  assert.match(problem(EstimateCreateSchema, body({ _id: "not-a-uuid" }))!, /_id must be a UUID/);
  const same = "0b7d3a52-4a0c-4f7f-9a57-7a1f7c1d2e3f";
  assert.match(
    problem(
      EstimateCreateSchema,
      body({
        options: [
          { ...opt, _id: same },
          { ...opt, _id: same },
        ],
      }),
    )!,
    /same _id/,
  );
});

Deno.test("a signature is a PNG data URL; on site it is required, through the link optional", () => {
  const base = { optionId: "o1", signedBy: "Dana Whitfield" };
  assert.equal(problem(ApproveByTokenSchema, base), null);
  assert.equal(problem(ApproveByTokenSchema, { ...base, signature: PNG }), null);
  assert.match(problem(ApproveByTokenSchema, { ...base, signature: "data:image/jpeg;base64,AAAA" })!, /PNG data URL/);
  assert.match(problem(ApproveByTokenSchema, { ...base, signature: `${PNG}<script>` })!, /PNG data URL/);
  assert.match(problem(ApproveByTokenSchema, { ...base, signedBy: "  " })!, /Name is required/);
  assert.match(problem(ApproveOnSiteSchema, base)!, /signature/);
  assert.equal(problem(ApproveOnSiteSchema, { ...base, signature: PNG, at: "2026-03-02T15:00:00.000Z" }), null);
  assert.match(problem(ApproveOnSiteSchema, { ...base, signature: PNG, at: "yesterday" })!, /ISO time/);
});
