// Lighthouse 12 (mobile defaults: Moto G Power screen, simulated slow 4G and 4x CPU slowdown) on one page, with
// the system Chromium. Runs the CLI in a process of its own and reads the scores from its JSON report.
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { emailPages } from "./email-pages.mjs";
import { bin, ROOT } from "./processes.mjs";

/** The marketing pages a customer finds the business by. */
const PAGES = ["/", "/services/air-duct-cleaning", "/booking"];

/** Debian's Chromium as every bench run starts it (headless is the launcher's to add). */
export const CHROME_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CHROME_FLAGS = ["--headless=new", ...CHROME_ARGS].join(" ");

/**
 * Every page a customer opens on a phone, on `api` serving the built PWA (localhost counts as secure): the marketing
 * pages, then those opened from an e-mail (an estimate, an invoice, their own page), made through the API as `token`.
 */
export async function lighthousePages(api, databaseUrl, token, log) {
  const runs = [];
  const origin = `http://localhost:${api.port}`;
  for (const page of PAGES) {
    log(`lighthouse ${page}`);
    runs.push({ page, ...(await lighthouse(`${origin}${page}`)) });
  }
  const email = await emailPages(api, databaseUrl, token);
  try {
    for (const { page, url, headers } of email.pages) {
      log(`lighthouse ${page}`);
      runs.push({ page, ...(await lighthouse(async () => `${origin}${await url()}`, 3, headers)) });
    }
  } finally {
    await email.close();
  }
  return runs;
}

/**
 * Tries a run that Lighthouse itself could not record (it then says "Please run Lighthouse again") up to 3 times.
 * `url`: the address, or a function answering one for each attempt. `headers`: sent with every request of the page
 * (a signed-in customer's cookie).
 */
export async function lighthouse(url, attempts = 3, headers = undefined) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(typeof url === "function" ? await url() : url, headers);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`[bench] ${error.message}; running it again (${attempt + 1} of ${attempts})`);
    }
  }
}

async function lighthouseOnce(url, headers) {
  const dir = mkdtempSync(join(tmpdir(), "clearflow-lh-"));
  const output = join(dir, "report.json");
  try {
    const child = spawn(
      bin("lighthouse"),
      [
        url,
        "--output=json",
        `--output-path=${output}`,
        "--quiet",
        `--chrome-flags=${CHROME_FLAGS}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
        stdio: "inherit",
      },
    );
    const code = await new Promise((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`lighthouse ${url} exited with ${code}`);
    // BENCH_LH_REPORTS: a folder to keep each whole report in, to read its long tasks and trace figures afterwards.
    const keep = process.env.BENCH_LH_REPORTS;
    if (keep)
      copyFileSync(
        output,
        join(keep, `${new URL(url).port}${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}.json`),
      );
    const report = JSON.parse(readFileSync(output, "utf8"));
    const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const audit = (id) => report.audits[id]?.numericValue ?? null;
    const failing = (category) =>
      report.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      // Where the main thread went: the scripts that cost the most (ms of script evaluation and parsing, throttled).
      bootup: (report.audits["bootup-time"]?.details?.items ?? []).map((item) => ({
        url: item.url.replace(/^https?:\/\/[^/]+/, ""),
        scripting: Math.round(item.scripting),
        parse: Math.round(item.scriptParseCompile),
      })),
      // What cost points, to say in the doc what a gap is made of.
      failing: [...failing("accessibility"), ...failing("best-practices"), ...failing("seo")],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
