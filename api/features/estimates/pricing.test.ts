import assert from "node:assert/strict";
import type { PriceBookItem } from "../../contracts/price-book/item.ts";
import { BadRequest, Forbidden } from "../../errors.ts";
import { PRICING_MESSAGES, priceOptions } from "./pricing.ts";

const item = (over: Partial<PriceBookItem> = {}): PriceBookItem => ({
  _id: "i1",
  name: "UV light installation",
  description: "",
  unitPriceCents: 44900,
  unitLabel: "each",
  taxable: true,
  active: true,
  ...over,
});
const facts = (over = {}) => ({
  items: new Map([
    ["i1", item()],
    ["i2", item({ _id: "i2", name: "Old item", active: false })],
  ]),
  services: [],
  taxRatePercent: 7.25,
  mayPriceByHand: true,
  ...over,
});
let n = 0;
const newId = () => `o${++n}`;

Deno.test("the server's price wins: a price-book line is priced from the item, whatever the client thought", () => {
  const [option] = priceOptions(
    [{ title: "Better", lines: [{ source: "price-book", priceBookItemId: "i1", quantity: 2 }] }],
    facts(),
    newId,
  );
  assert.deepEqual(option!.lines, [
    {
      description: "UV light installation",
      quantity: 2,
      unitPriceCents: 44900,
      amountCents: 89800,
      taxable: true,
      priceBookItemId: "i1",
    },
  ]);
  // 89800 × 7.25 % = 6510.5 → 6511.
  assert.deepEqual([option!.subtotalCents, option!.taxCents, option!.totalCents], [89800, 6511, 96311]);
  assert.ok(option!._id.startsWith("o"), "an option without a device id gets one");
});

Deno.test("unknown or archived items are refused naming the field; custom lines are an admin's", () => {
  const one =
    (line: object, over = {}) =>
    () =>
      priceOptions([{ title: "X", lines: [line as never] }], facts(over), newId);
  assert.throws(one({ source: "price-book", priceBookItemId: "nope", quantity: 1 }), (e) => e instanceof BadRequest);
  assert.throws(one({ source: "price-book", priceBookItemId: "i2", quantity: 1 }), /archived item \(Old item\)/);
  assert.throws(one({ source: "service", serviceId: "nope", quantity: 1 }), /serviceId/);
  const custom = { source: "custom", description: "Seal plenum", quantity: 1, unitPriceCents: 5000, taxable: false };
  assert.throws(one(custom, { mayPriceByHand: false }), (e) => e instanceof Forbidden);
  assert.throws(one(custom, { mayPriceByHand: false }), new RegExp(PRICING_MESSAGES.customLine));
  const [byHand] = priceOptions([{ title: "X", lines: [custom as never] }], facts(), newId);
  assert.deepEqual([byHand!.subtotalCents, byHand!.taxCents], [5000, 0], "an untaxed custom line");
});
