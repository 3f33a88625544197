import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/log.ts";
import { type DashboardRepo, FIGURES_KEPT_MS } from "./repo.ts";

/** How often the worker folds the figures' rows: a minute of writes is what a summary sums beyond the fold. */
export const FOLD_EVERY_MS = 60_000;

/** Folds the dashboard's counters at once and then every `everyMs`; `stop` waits for the fold under way. */
export function startFigureFolder(options: {
  repo: DashboardRepo;
  clock: Clock;
  /** The business's zone, whose days the fold keeps money by. */
  businessTz: string;
  log: Logger;
  everyMs?: number;
}) {
  const { repo, clock, businessTz, log } = options;
  let running: Promise<void> | null = null;
  const fold = () => {
    if (running) return;
    running = repo
      .fold(new Date(clock.now().getTime() - FIGURES_KEPT_MS), businessTz)
      .catch((error) => log.error({ msg: "folding the dashboard's figures failed", error: String(error) }))
      .finally(() => {
        running = null;
      });
  };
  fold();
  const timer = setInterval(fold, options.everyMs ?? FOLD_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
