// `npm test`: the one gate. Starts throwaway Postgres and Redis servers where no URL is given (test-services.mjs),
// runs the format, lint and type checks, then every suite in turn, streams their output, and closes with a single
// "N passed, N failed, N skipped" line summed over all suites. With CI=true a skipped test fails the run.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { startTestServices } from "./test-services.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Each step: a name, an npm script, and how to read its passed/failed/skipped counts (checks have none). */
const steps = [
  { name: "checks", script: "check" },
  { name: "api", script: "test:api", counts: denoCounts },
  { name: "pwa", script: "test:pwa", counts: vitestCounts },
  // Builds the PWA into a temp dir (a few seconds) and fails when a route's first load outgrows its budget.
  { name: "budgets", command: ["node", "scripts/bench/budgets.mjs"], counts: budgetCounts },
  { name: "scale", script: "test:scale", counts: denoCounts },
  { name: "e2e", script: "test:e2e", counts: playwrightCounts, optional: true },
];

/** Deno's summary: "ok | 12 passed (3 steps) | 0 failed | 2 ignored (1s)"; an ignored test is a skipped one. */
function denoCounts(out) {
  const m =
    /(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed(?: \(\d+ steps?\))?(?: \| (\d+) ignored)?/.exec(
      out,
    );
  return m ? { passed: +m[1], failed: +m[2], skipped: +(m[3] ?? 0) } : null;
}

function vitestCounts(out) {
  const line = out.split("\n").find((l) => /^\s*Tests\s+/.test(l));
  if (!line) return null;
  const num = (re) => +(re.exec(line)?.[1] ?? 0);
  return {
    passed: num(/(\d+) passed/),
    failed: num(/(\d+) failed/),
    skipped: num(/(\d+) skipped/) + num(/(\d+) todo/),
  };
}

function budgetCounts(out) {
  const m = /^budgets: (\d+) passed, (\d+) failed/m.exec(out);
  return m ? { passed: +m[1], failed: +m[2], skipped: 0 } : null;
}

function playwrightCounts(out) {
  const num = (re) => +(re.exec(out)?.[1] ?? 0);
  const passed = num(/^\s*(\d+) passed/m);
  const failed = num(/^\s*(\d+) failed/m) + num(/^\s*(\d+) flaky/m);
  const skipped = num(/^\s*(\d+) skipped/m) + num(/^\s*(\d+) did not run/m);
  return passed + failed + skipped > 0 ? { passed, failed, skipped } : null;
}

/** The lines of a failed step's output that name what failed and why, the last 60 of them (the summaries come last). */
function failureExcerpt(name, out) {
  const telling =
    /(FAILED|\bfailed\b|[Ee]rror|AssertionError|=> \.\/|✘|FAIL |Expected|Received|expected|actual|Timeout|timed out)/;
  const lines = out.split("\n").filter((line) => telling.test(line) && !/^\s+at /.test(line));
  const kept = lines.slice(-60).map((line) => `  ${line.slice(0, 300)}`);
  return `what failed in ${name}:\n${kept.join("\n") || "  (no line named a failure; the step exited non-zero)"}`;
}

function run(step) {
  return new Promise((resolve) => {
    const [command, ...args] = step.command ?? ["npm", "run", "--silent", step.script];
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...services.vars, FORCE_COLOR: "0" } });
    let out = "";
    const tee = (stream) => (chunk) => {
      out += chunk;
      stream.write(chunk);
    };
    child.stdout.on("data", tee(process.stdout));
    child.stderr.on("data", tee(process.stderr));
    child.on("close", (code) => resolve({ code: code ?? 1, out }));
  });
}

const pkg = (await import(new URL("../package.json", import.meta.url), { with: { type: "json" } })).default;
const services = await startTestServices();
console.log(`test services:\n${services.lines.map((line) => `  ${line}`).join("\n")}`);
const stopServices = () => services.stop().catch((error) => console.error(`stopping test services: ${error.message}`));
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    await stopServices();
    process.exit(130);
  });
}
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const excerpts = [];
for (const step of steps) {
  if (step.optional && !pkg.scripts[step.script]) continue;
  console.log(`\n=== ${step.name} (${step.command?.join(" ") ?? `npm run ${step.script}`})`);
  const { code, out } = await run(step);
  const counts = step.counts?.(stripVTControlCharacters(out));
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  }
  if (code !== 0) {
    failures.push(step.name);
    excerpts.push(failureExcerpt(step.name, stripVTControlCharacters(out)));
    if (counts && counts.failed === 0) failed += 1; // a suite that crashed without counting a failure
    if (!counts && step.counts) failed += 1;
    if (!step.counts) failed += 1;
  }
}
await stopServices();
// In CI nothing may pass by not running: a skipped test is a failure of the run.
const skipsFail = process.env.CI === "true" && skipped > 0;
// CI keeps only the tail of a long run: repeat what failed just above the closing line, so the tail says it.
for (const excerpt of excerpts) console.log(`\n${excerpt}`);
console.log(`\n${failures.length ? `failed steps: ${failures.join(", ")}` : "all steps green"}`);
if (skipsFail) console.log(`CI=true: ${skipped} skipped, and nothing may be skipped in CI`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length || skipsFail ? 1 : 0);
