import assert from "node:assert/strict";
import { formatCount } from "./counts.ts";

Deno.test("a count reads as toLocaleString writes it in American English", () => {
  for (const n of [0, 7, 999, 1000, 12345, 100000, 1234567, -4321, 2 ** 40]) {
    assert.equal(formatCount(n), n.toLocaleString("en-US"));
  }
  assert.equal(formatCount(100000), "100,000");
  assert.equal(formatCount(1.5), "1.5");
});
