import assert from "node:assert/strict";
import { toE164 } from "./phones.ts";

Deno.test("a US number written any common way is stored in E.164", () => {
  for (const typed of ["(704) 555-0131", "704.555.0131", "7045550131", "+1 704 555 0131", "1-704-555-0131"]) {
    assert.equal(toE164(typed), "+17045550131", typed);
  }
});

Deno.test("a number with its country code keeps that country", () => {
  assert.equal(toE164("+44 20 7946 0958"), "+442079460958");
});

Deno.test("what cannot be a phone number is null", () => {
  for (const typed of ["12", "555-01", "not a phone", ""]) assert.equal(toE164(typed), null, typed);
});
