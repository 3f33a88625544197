import assert from "node:assert/strict";
import { onceUnlessFailed } from "./once.ts";

Deno.test("onceUnlessFailed shares one load between calls, and loads again after a failure", async () => {
  const answers = [Promise.reject(new Error("down")), Promise.resolve(2), Promise.resolve(3)];
  let loads = 0;
  const value = onceUnlessFailed(() => answers[loads++]!);
  await assert.rejects(value(), /down/);
  assert.equal(await value(), 2, "the failure was not kept");
  assert.equal(await value(), 2, "the answer is");
  assert.equal(loads, 2);
});

Deno.test("onceUnlessFailed: calls made while the load runs wait for that same load", async () => {
  let loads = 0;
  const value = onceUnlessFailed(() => Promise.resolve(++loads));
  assert.deepEqual(await Promise.all([value(), value(), value()]), [1, 1, 1]);
});
