// `npm run simulate`: one working day across three instances behind nginx, with the faults of a bad day, and one
// line at the end. SIM_SPEED (simulated seconds per second, 100), SIM_TECHNICIANS (15), SIM_SEED (1),
// SIM_HOURS (10) and SIM_CUSTOMERS (150, or that many per 10 hours of SIM_HOURS) change the day; SIM_METRICS_FILE
// keeps each instance's /metrics after it.
// Exits 1 when anything was lost, duplicated or out of order.
import { FULL_DAY } from "./plan.ts";
import { simulateDay } from "./day.ts";
import { BackupDrill } from "./backup-drill.ts";
import { missingBinaries } from "../cluster/cluster.ts";

const number = (name: string, fallback: number) => {
  const text = Deno.env.get(name);
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${text}`);
  return value;
};

const missing = missingBinaries();
if (missing.length > 0) {
  console.error(`simulate: this machine lacks ${missing.join(", ")}`);
  Deno.exit(2);
}
const hours = number("SIM_HOURS", FULL_DAY.hours);
const options = {
  ...FULL_DAY,
  seed: Math.floor(number("SIM_SEED", FULL_DAY.seed)),
  speed: number("SIM_SPEED", FULL_DAY.speed),
  hours,
  technicians: Math.floor(number("SIM_TECHNICIANS", FULL_DAY.technicians)),
  customers: Math.floor(number("SIM_CUSTOMERS", Math.round((FULL_DAY.customers * hours) / FULL_DAY.hours))),
};
const log = (...parts: unknown[]) => console.error("[simulate]", ...parts);
log(
  `seed ${options.seed}, ${options.hours} h at ${options.speed}×, ${options.technicians} technicians, ${options.customers} customers`,
);
// The restore drill rides on the day: a backup at mid-day, restored into a new database and checked after it.
const drillDir = await Deno.makeTempDir({ prefix: "clearflow-drill-" });
const drill = { minute: (options.hours * 60) / 2, drill: new BackupDrill(drillDir) };
// SIM_METRICS_FILE: each instance's /metrics after the day, written there (what docs/operations.md quotes).
const metricsFile = Deno.env.get("SIM_METRICS_FILE");
const metrics = metricsFile
  ? (scrapes: { instance: string; text: string }[]) =>
      Deno.writeTextFile(metricsFile, scrapes.map((s) => `# ${s.instance}\n${s.text}`).join("\n"))
  : undefined;
const result = await simulateDay(options, { log, drill, metrics }).finally(() =>
  Deno.remove(drillDir, { recursive: true }),
);
const { verdict } = result;
for (const [what, list] of [
  ["lost", verdict.lost],
  ["duplicated", verdict.duplicated],
  ["out of order", verdict.outOfOrder],
] as const) {
  for (const item of list.slice(0, 20)) log(`${what}: ${item}`);
}
log(
  `${result.wallSeconds} s; ${result.retries} retries by the devices; ${verdict.pushes} staff pushes received ` +
    `(${verdict.pushesResent} copies); ${verdict.resent} e-mails sent again after a crash under their first Message-ID`,
);
console.log(result.line);
Deno.exit(verdict.lost.length + verdict.duplicated.length + verdict.outOfOrder.length === 0 ? 0 : 1);
