// `npm test`: the one gate. Starts throwaway Postgres and Redis servers where no URL is given (test-services.mjs),
// runs the format, lint and type checks and every suite, and closes with a single "N passed, N failed, N skipped" line
// summed over all suites. With CI=true a skipped test fails the run.
//
// The steps run in two lanes side by side (decisions 0076, 0086): the browser lane (one build of the PWA, the budgets
// read from it, the e2e suite served from it, then the PWA's unit tests and the deploy test) beside the lane of the
// checks, the API's suite and the scale-out test, which mostly wait on Postgres, Redis and timers. A lane's steps run
// in turn. One lane streams its output as it comes; the other's output is printed whole when each of its steps ends,
// so two steps' lines never mix. TEST_LANES=1 runs everything in turn.
// The deno suites run without their own type check: the checks step type-checks api/ and tests/ whole (`deno check`),
// and a deno test run checks its own roots again, a graph the check's cache does not cover (decision 0086).
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { startTestServices } from "./test-services.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(root, "node_modules", ".bin", name);

// The one build: the budgets measure it (it carries the chunk manifest they read), the e2e suite serves a copy of it.
const built = mkdtempSync(join(tmpdir(), "clearflow-test-pwa-"));

/** Each step: a name, an npm script or a command, and how to read its passed/failed/skipped counts (checks have none). */
const steps = {
  // `npm run check`'s three parts side by side (decision 0086): together they take the longest, and each is one thread.
  checks: { script: "check", parts: ["check:format", "check:lint", "check:types"] },
  build: {
    command: [bin("vite"), "build", "--config", "pwa/vite.config.ts", "--outDir", built, "--emptyOutDir", "--manifest"],
    args: ["--logLevel", "warn"],
  },
  // Fails when a route's first load outgrows its budget.
  budgets: { command: ["node", "scripts/bench/budgets.mjs", "--dist", built], counts: budgetCounts, needs: "build" },
  api: { script: "test:api", args: ["--no-check"], counts: denoCounts },
  pwa: { script: "test:pwa", counts: vitestCounts },
  // deploy/k8s rendered by kustomize and validated against the Kubernetes schemas (needs kubectl).
  deploy: { script: "test:deploy", args: ["--no-check"], counts: denoCounts },
  scale: { script: "test:scale", args: ["--no-check"], counts: denoCounts },
  e2e: { script: "test:e2e", counts: playwrightCounts, optional: true, needs: "build", env: { E2E_BUILT_PWA: built } },
};

/**
 * The lanes: the first streams. The server lane was the longer by five minutes (checks, API, PWA, deploy, scale: 867
 * of 868 s, the browser lane 537 s), so the PWA's unit tests and the deploy test follow the e2e suite (decision 0086).
 */
const lanes =
  process.env.TEST_LANES === "1"
    ? [["checks", "api", "pwa", "build", "budgets", "deploy", "scale", "e2e"]]
    : [
        ["build", "budgets", "e2e", "pwa", "deploy"],
        ["checks", "api", "scale"],
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

/**
 * Playwright's own account of each failed test: its numbered block (the error and the call log, which says what a
 * locator waited on) and the page as the test left it (error-context.md, the accessibility snapshot). A flake on the
 * CI machine is then read from the log, not guessed.
 */
function playwrightFailureDetail(out) {
  const lines = out.split("\n");
  const blocks = [];
  let block = null;
  for (const line of lines) {
    if (/^\s+\d+\) \[/.test(line)) {
      block = [line];
      blocks.push(block);
    } else if (block && /^\s+\d+ (failed|passed|flaky|skipped|did not run)/.test(line)) {
      block = null;
    } else if (block && block.length < 70) {
      block.push(line);
    }
  }
  const contexts = [...out.matchAll(/Error Context: (\S+error-context\.md)/g)].map((m) => m[1]);
  const pages = [...new Set(contexts)].slice(0, 3).map((path) => {
    const file = isAbsolute(path) ? path : join(root, path);
    if (!existsSync(file)) return `  (${path} is gone)`;
    const whole = readFileSync(file, "utf8");
    const snapshot = whole.includes("# Page snapshot") ? whole.slice(whole.indexOf("# Page snapshot")) : whole;
    const text = snapshot.split("\n").slice(0, 120);
    return [`  ${path}:`, ...text.map((line) => `    ${line.slice(0, 200)}`)].join("\n");
  });
  if (!blocks.length && !pages.length) return "";
  return [
    "how each e2e test failed:",
    ...blocks.slice(0, 5).map((b) => b.map((line) => `  ${line.slice(0, 300)}`).join("\n")),
    ...pages,
  ].join("\n");
}

/** Writes whole lines only, so that a block printed by the other lane never lands inside one of ours. */
function lineWriter(stream) {
  let partial = "";
  return {
    write(chunk) {
      const text = partial + chunk;
      const end = text.lastIndexOf("\n") + 1;
      partial = text.slice(end);
      if (end) stream.write(text.slice(0, end));
    },
    flush() {
      if (partial) stream.write(`${partial}\n`);
      partial = "";
    },
  };
}

/** Runs one command; `live` streams its output as it comes. Resolves to its exit code and its whole output. */
function runCommand([command, ...args], env, live) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env });
    let out = "";
    const outLines = lineWriter(process.stdout);
    const errLines = lineWriter(process.stderr);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (live) outLines.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      out += chunk;
      if (live) errLines.write(chunk);
    });
    child.on("close", (code) => {
      outLines.flush();
      errLines.flush();
      resolve({ code: code ?? 1, out });
    });
  });
}

const npmRun = (script, args) => ["npm", "run", "--silent", script, ...(args ? ["--", ...args] : [])];

/**
 * Runs a step. A step of parts runs them side by side (each a single-threaded program that would leave the other core
 * to the other lane's waits) and reads as one: its output, part after part, and the first non-zero exit code.
 */
async function run(step, live) {
  // The API processes the suites start hash passwords at scrypt's lowest accepted cost, as the API's own test
  // contexts do (api/testing/context.ts): a login's check at the production cost took a few hundred milliseconds.
  const env = { PASSWORD_HASH_COST: "10", ...process.env, ...services.vars, ...step.env, FORCE_COLOR: "0" };
  if (step.parts) {
    const results = await Promise.all(step.parts.map((script) => runCommand(npmRun(script), env, false)));
    const out = results.map((result) => result.out).join("");
    if (live) process.stdout.write(out);
    return { code: results.find((result) => result.code !== 0)?.code ?? 0, out };
  }
  const command = step.command ? [...step.command, ...(step.args ?? [])] : npmRun(step.script, step.args);
  return runCommand(command, env, live);
}

const pkg = (await import(new URL("../package.json", import.meta.url), { with: { type: "json" } })).default;
const services = await startTestServices();
console.log(`test services:\n${services.lines.map((line) => `  ${line}`).join("\n")}`);
const cleanUp = async () => {
  rmSync(built, { recursive: true, force: true });
  await services.stop().catch((error) => console.error(`stopping test services: ${error.message}`));
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    await cleanUp();
    process.exit(130);
  });
}
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const excerpts = [];
const timings = [];
const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

async function runLane(names, live) {
  for (const name of names) {
    const step = steps[name];
    if (step.optional && !pkg.scripts[step.script]) continue;
    const how =
      step.command?.join(" ") ??
      step.parts?.map((part) => `npm run ${part}`).join(" & ") ??
      npmRun(step.script, step.args).join(" ");
    const title = `=== ${name} (${how})`;
    if (step.needs && failures.includes(step.needs)) {
      failures.push(name);
      failed += 1;
      console.log(`\n${title}: not run, ${step.needs} failed`);
      continue;
    }
    if (live) console.log(`\n${title}`);
    else console.log(`\n=== ${name} started (its output follows when it ends)`);
    const begun = performance.now();
    const { code, out } = await run(step, live);
    const took = performance.now() - begun;
    timings.push(`${name} ${seconds(took)}`);
    if (!live) process.stdout.write(`\n${title}\n${out}${out.endsWith("\n") ? "" : "\n"}`);
    console.log(`=== ${name}: ${code === 0 ? "ok" : "FAILED"} in ${seconds(took)}`);
    const counts = step.counts?.(stripVTControlCharacters(out));
    if (counts) {
      passed += counts.passed;
      failed += counts.failed;
      skipped += counts.skipped;
    }
    if (code !== 0) {
      failures.push(name);
      excerpts.push(failureExcerpt(name, stripVTControlCharacters(out)));
      if (name === "e2e") excerpts.push(playwrightFailureDetail(stripVTControlCharacters(out)));
      if (counts && counts.failed === 0) failed += 1; // a suite that crashed without counting a failure
      if (!counts && step.counts) failed += 1;
      if (!step.counts) failed += 1;
    }
  }
}

await Promise.all(lanes.map((names, i) => runLane(names, i === 0)));
await cleanUp();
// In CI nothing may pass by not running: a skipped test is a failure of the run.
const skipsFail = process.env.CI === "true" && skipped > 0;
// CI keeps only the tail of a long run: repeat what failed just above the closing line, so the tail says it.
for (const excerpt of excerpts.filter(Boolean)) console.log(`\n${excerpt}`);
console.log(`\nsteps: ${timings.join(", ")}; ${seconds(performance.now() - started)} in all`);
console.log(`${failures.length ? `failed steps: ${failures.join(", ")}` : "all steps green"}`);
if (skipsFail) console.log(`CI=true: ${skipped} skipped, and nothing may be skipped in CI`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length || skipsFail ? 1 : 0);
