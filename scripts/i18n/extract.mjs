// The English catalogs, extracted from the code by FormatJS's CLI: every `defineMessages({...})` and inline
// `t({ id, defaultMessage })`, and the API's refusals listed in api/i18n/errors.ts, split by the area its id begins
// with into the catalog the Spanish one is checked against (pwa/src/i18n/catalogs.test.ts). Usage: node scripts/i18n/extract.mjs [--check]
// (--check writes nothing and exits 1 when a committed English catalog is not what the code says.)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, bin } from "../bench/processes.mjs";
import { AREAS } from "./areas.mjs";

const check = process.argv.includes("--check");
const dir = mkdtempSync(join(tmpdir(), "clearflow-i18n-"));
try {
  const out = join(dir, "messages.json");
  const run = spawnSync(
    bin("formatjs"),
    [
      "extract",
      "pwa/src/**/*.{ts,tsx}",
      "api/**/*.ts",
      "--ignore",
      "**/*.test.{ts,tsx}",
      "--ignore",
      "**/*.d.ts",
      "--additional-function-names",
      "t",
      "--throws",
      "--out-file",
      out,
    ],
    { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] },
  );
  if (run.status !== 0) throw new Error("formatjs extract failed");
  const messages = JSON.parse(readFileSync(out, "utf8"));
  // The API's refusals are MESSAGES' texts, listed by key rather than written out (api/i18n/errors.ts).
  const errors = spawnSync(
    bin("deno"),
    [
      "eval",
      'import { ERROR_DESCRIPTORS } from "./api/i18n/errors.ts"; console.log(JSON.stringify(ERROR_DESCRIPTORS))',
    ],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  if (errors.status !== 0) throw new Error("reading api/i18n/errors.ts failed");
  for (const { id, defaultMessage } of JSON.parse(errors.stdout)) messages[id] = { defaultMessage };
  const byArea = Object.fromEntries(Object.keys(AREAS).map((area) => [area, {}]));
  for (const id of Object.keys(messages).sort()) {
    const area = id.split(".")[0];
    if (!(area in byArea)) throw new Error(`${id}: an id begins with its area (${Object.keys(AREAS).join(", ")})`);
    byArea[area][id] = messages[id];
  }
  let stale = [];
  for (const [area, file] of Object.entries(AREAS)) {
    const text = `${JSON.stringify(byArea[area], null, 2)}\n`;
    const path = join(ROOT, file);
    let before = null;
    try {
      before = readFileSync(path, "utf8");
    } catch {
      // A new area's first catalog.
    }
    if (before === text) continue;
    if (check) stale.push(file);
    else writeFileSync(path, text);
  }
  if (stale.length > 0) {
    console.error(`Not what the code says (run npm run i18n:extract): ${stale.join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
