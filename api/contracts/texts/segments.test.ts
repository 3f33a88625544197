import assert from "node:assert/strict";
import { countSegments, isGsm7 } from "./segments.ts";

Deno.test("GSM-7 texts take 160 characters in one segment and 153 in each of more", () => {
  assert.deepEqual(countSegments("a".repeat(160)), { encoding: "GSM-7", units: 160, segments: 1 });
  assert.equal(countSegments("a".repeat(161)).segments, 2);
  assert.equal(countSegments("a".repeat(306)).segments, 2);
  assert.equal(countSegments("a".repeat(307)).segments, 3);
});

Deno.test("the GSM-7 extension table's characters take two septets", () => {
  assert.deepEqual(countSegments("€".repeat(80)), { encoding: "GSM-7", units: 160, segments: 1 });
  assert.equal(countSegments(`${"a".repeat(159)}{`).segments, 2);
});

Deno.test("an emoji or a character outside GSM-7 switches the whole text to UCS-2: 70, then 67 per segment", () => {
  assert.equal(isGsm7("Café à 9h, señor"), true);
  assert.equal(isGsm7("Thanks 🙂"), false);
  assert.equal(isGsm7("“smart quotes”"), false);
  assert.deepEqual(countSegments("a".repeat(70 - 2) + "🙂"), { encoding: "UCS-2", units: 70, segments: 1 });
  assert.equal(countSegments("a".repeat(69) + "ł").segments, 1);
  assert.equal(countSegments("a".repeat(70) + "ł").segments, 2);
  assert.equal(countSegments("a".repeat(132) + "🙂").segments, 2);
  assert.equal(countSegments("a".repeat(133) + "🙂").segments, 3);
});
