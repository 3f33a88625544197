import assert from "node:assert/strict";
import { atMostEvery } from "./at-most-every.ts";

const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

Deno.test(
  "atMostEvery runs the first call at once and folds the calls of its window into one run after it",
  async () => {
    let runs = 0;
    const signal = atMostEvery(30, () => runs++);
    signal();
    assert.equal(runs, 1, "the first call runs at once");
    for (let i = 0; i < 20; i++) signal();
    assert.equal(runs, 1, "calls within the window wait");
    await until(() => runs === 2);
    assert.equal(runs, 2, "one run at the end of the window stands for all of them");
    // A window without calls ends the series (its timer, due first, fires before this one): the next call runs at once.
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(runs, 2, "nothing runs without a call");
    signal();
    assert.equal(runs, 3, "the next call runs at once");
  },
);

Deno.test("atMostEvery never leaves a call without a run after it", async () => {
  let runs = 0;
  const signal = atMostEvery(20, () => runs++);
  signal();
  signal();
  await until(() => runs === 2);
  signal();
  await until(() => runs === 3);
  assert.equal(runs, 3, "a call in the window that followed a folded run gets its own run");
});
