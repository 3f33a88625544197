import assert from "node:assert/strict";
import { boundedCache } from "./bounded-cache.ts";

Deno.test("a bounded cache answers a known key without working it out again", () => {
  const cached = boundedCache<number>(4);
  let made = 0;
  const make = () => ++made;
  assert.deepEqual([cached("a", make), cached("a", make), cached("b", make), cached("a", make)], [1, 1, 2, 1]);
  assert.deepEqual(made, 2);
});

Deno.test("a bounded cache keeps at most its size, forgetting the oldest key first", () => {
  const cached = boundedCache<string>(2);
  const made: string[] = [];
  const make = (key: string) => () => (made.push(key), key);
  for (const key of ["a", "b", "c", "b", "a"]) cached(key, make(key));
  // "a" went when "c" came; "b" was still kept.
  assert.deepEqual(made, ["a", "b", "c", "a"]);
});
