// `npm test`: the one gate. Runs the format, lint and type checks, then every suite in turn, streams their
// output, and closes with a single "N passed, N failed" line summed over all suites.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Each step: a name, an npm script, and how to read passed/failed counts from its output (checks have none). */
const steps = [
  { name: "checks", script: "check" },
  { name: "api", script: "test:api", counts: denoCounts },
  { name: "pwa", script: "test:pwa", counts: vitestCounts },
  // Builds the PWA into a temp dir (a few seconds) and fails when a route's first load outgrows its budget.
  { name: "budgets", command: ["node", "scripts/bench/budgets.mjs"], counts: budgetCounts },
  { name: "scale", script: "test:scale", counts: denoCounts },
  { name: "e2e", script: "test:e2e", counts: playwrightCounts, optional: true },
];

function denoCounts(out) {
  const m = /(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/.exec(out);
  return m ? { passed: +m[1], failed: +m[2] } : null;
}

function vitestCounts(out) {
  const line = out.split("\n").find((l) => /^\s*Tests\s+/.test(l));
  if (!line) return null;
  const num = (re) => +(re.exec(line)?.[1] ?? 0);
  return { passed: num(/(\d+) passed/), failed: num(/(\d+) failed/) };
}

function budgetCounts(out) {
  const m = /^budgets: (\d+) passed, (\d+) failed/m.exec(out);
  return m ? { passed: +m[1], failed: +m[2] } : null;
}

function playwrightCounts(out) {
  const num = (re) => +(re.exec(out)?.[1] ?? 0);
  const passed = num(/^\s*(\d+) passed/m);
  const failed = num(/^\s*(\d+) failed/m) + num(/^\s*(\d+) flaky/m);
  return passed + failed > 0 ? { passed, failed } : null;
}

function run(step) {
  return new Promise((resolve) => {
    const [command, ...args] = step.command ?? ["npm", "run", "--silent", step.script];
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: "0" } });
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
let passed = 0;
let failed = 0;
const failures = [];
for (const step of steps) {
  if (step.optional && !pkg.scripts[step.script]) continue;
  console.log(`\n=== ${step.name} (${step.command?.join(" ") ?? `npm run ${step.script}`})`);
  const { code, out } = await run(step);
  const counts = step.counts?.(stripVTControlCharacters(out));
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  if (code !== 0) {
    failures.push(step.name);
    if (counts && counts.failed === 0) failed += 1; // a suite that crashed without counting a failure
    if (!counts && step.counts) failed += 1;
    if (!step.counts) failed += 1;
  }
}
console.log(`\n${failures.length ? `failed steps: ${failures.join(", ")}` : "all steps green"}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
