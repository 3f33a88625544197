import assert from "node:assert/strict";
import { fixedClock } from "../../testing/clock.ts";
import { silentLogger } from "../../testing/log.ts";
import { startFigureFolder } from "./folder.ts";
import { type DashboardRepo, FIGURES_KEPT_MS } from "./repo.ts";

Deno.test(
  "the worker folds the figures at once, keeping the business's days from 40 days back, and stops",
  async () => {
    const folds: { keepFrom: string; zone: string }[] = [];
    let finish = () => {};
    const repo: DashboardRepo = {
      summary: () => Promise.reject(new Error("not read by the folder")),
      fold: (keepFrom, zone) => {
        folds.push({ keepFrom: keepFrom.toISOString(), zone });
        return new Promise<void>((resolve) => (finish = resolve));
      },
    };
    const clock = fixedClock("2026-03-02T15:00:00.000Z");
    const folder = startFigureFolder({
      repo,
      clock,
      businessTz: "America/Chicago",
      log: silentLogger,
      everyMs: 60_000,
    });
    assert.deepEqual(folds, [
      {
        keepFrom: new Date(Date.parse("2026-03-02T15:00:00.000Z") - FIGURES_KEPT_MS).toISOString(),
        zone: "America/Chicago",
      },
    ]);
    // The first of any month is inside what a fold keeps: 40 days reach past the longest month and a day.
    assert.ok(FIGURES_KEPT_MS > 32 * 86_400_000);
    // Stopping lets the fold under way end (the worker's shutdown waits for it) and then answers.
    const stopping = folder.stop();
    finish();
    await stopping;
    assert.equal(folds.length, 1);
  },
);
