import assert from "node:assert/strict";
import { formatPlain } from "./messages.ts";

Deno.test("a plain message takes its values without the ICU runtime", () => {
  assert.equal(formatPlain("Hi {name}, see you at {time}", { name: "Ana", time: "9 AM" }), "Hi Ana, see you at 9 AM");
  assert.equal(formatPlain("We'll call you", {}), "We'll call you");
});

Deno.test("a message that needs the runtime, or a value it lacks, is refused rather than shown half-made", () => {
  assert.throws(() => formatPlain("{count, plural, one {# visit} other {# visits}}", { count: 1 }), /ICU runtime/);
  assert.throws(() => formatPlain("Hi {name}"), /No \{name\}/);
  assert.throws(() => formatPlain("Use '{braces}'"), /ICU runtime/);
});
