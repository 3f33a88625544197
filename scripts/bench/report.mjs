// docs/benchmarks.md from one run's figures: the machine, the table, and each target met or not.
const ms = (value) =>
  value === null || value === undefined
    ? "–"
    : `${value < 1 ? Math.round(value * 1000) / 1000 : Math.round(value * 10) / 10} ms`;
const rate = (value) => `${Math.round(value).toLocaleString("en-US")}/s`;
const ratio = (a, b) => (b > 0 ? a / b : 0);
const mark = (ok) => (ok ? "met" : "**not met**");

export function render(r) {
  const servicesRatio = ratio(r.services.api.perSecond, r.services.bare.perSecond);
  const bookingsRatio = ratio(r.bookings.api.perSecond, r.bookings.direct.perSecond);
  const lh = r.lighthouse;
  const lighthouseOk = lh.every(
    (p) => p.performance >= 95 && p.accessibility === 100 && p.bestPractices === 100 && p.seo === 100,
  );
  const lcpOk = lh.every((p) => p.lcp !== null && p.lcp <= 1500);
  const fanoutOk = r.fanout.allReceived && r.fanout.p99 < 100;
  return `# Benchmarks

Written by \`npm run bench\` (scripts/bench/run.mjs) on ${r.date.slice(0, 16).replace("T", " ")} UTC at commit
\`${r.commit}\`, in ${r.seconds} s. Machine: ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGb.toFixed(1)} GB
memory. Everything ran on that one machine at once: API instances (Deno), Postgres, redis-server, the load generator
(autocannon, ${r.settings.connections} connections, ${r.settings.duration} s after a warm-up, in a process of its
own) and Chromium. On 2 cores the load generator takes a large share of the CPU, so absolute figures are low;
the ratios (both sides measured the same way) are what the targets are about.

## API

| Measure | Ours | Ceiling | Ratio | Target |
|---|---:|---:|---:|---|
| \`GET /api/services\` throughput | ${rate(r.services.api.perSecond)} | ${rate(r.services.bare.perSecond)} (bare Hono handler) | ${servicesRatio.toFixed(2)} | ≥ 0.70: ${mark(servicesRatio >= 0.7)} |
| \`GET /api/services\` p50 / p99 | ${ms(r.services.api.p50)} / ${ms(r.services.api.p99)} | ${ms(r.services.bare.p50)} / ${ms(r.services.bare.p99)} | | |
| \`POST /api/bookings\` throughput | ${rate(r.bookings.api.perSecond)} | ${rate(r.bookings.direct.perSecond)} (slot lock, count, insert and the booking's ${r.bookings.direct.outboxRowsPerBooking} outbox rows in one transaction, postgres.js on Deno, no worker running) | ${bookingsRatio.toFixed(2)} | ≥ 0.60: ${mark(bookingsRatio >= 0.6)} |
| \`POST /api/bookings\` p99 | ${ms(r.bookings.api.p99)} | ${ms(r.bookings.direct.p99)} | | |
| server CPU per request (steadier than throughput here) | ${ms(r.services.api.cpuMsPerRequest)} (services), ${ms(r.bookings.api.cpuMsPerRequest)} (bookings) | ${ms(r.services.bare.cpuMsPerRequest)} (bare handler) | | |
| non-2xx answers under load | ${r.services.api.non2xx} (services), ${r.bookings.api.non2xx} (bookings) | | | 0 |

## Reports

| Measure | Ours | Target |
|---|---:|---|
| \`GET /api/reports/summary\` of a year of ${r.reports.rows.toLocaleString("en-US")} bookings, p50 / max | ${ms(r.reports.summary.p50)} / ${ms(r.reports.summary.max)} | < 300 ms: ${mark(r.reports.summary.p50 < 300)} |
| \`GET /api/reports/bookings.csv\` of those rows (${r.reports.csv.megabytes.toFixed(1)} MB), p50 / max | ${ms(r.reports.csv.p50)} / ${ms(r.reports.csv.max)} | < 5 s: ${mark(r.reports.csv.max < 5000)} |
| its first byte | ${ms(r.reports.csv.firstByteMs)} | streamed, not built whole |

## newBooking fan-out

${r.fanout.sockets} admin sockets over 2 instances joined by Redis, ${r.fanout.posts} bookings posted one at a time
(alternating instances); time from the POST's 2xx to the event on each socket (an event that arrives before the
HTTP answer counts as 0).

| p50 | p99 | max | received by every socket | Target |
|---:|---:|---:|---|---|
| ${ms(r.fanout.p50)} | ${ms(r.fanout.p99)} | ${ms(r.fanout.max)} | ${r.fanout.allReceived ? "yes" : `no (fewest: ${r.fanout.minReceived})`} | p99 < 100 ms, all: ${mark(fanoutOk)} |

## PWA sizes (first load, gzip -9; also checked by \`npm test\`)

${r.sizes.table}

${r.sizes.problems.length ? `Over budget: ${r.sizes.problems.join("; ")}` : "Every budget holds."}

## Lighthouse 12, mobile

| Page | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS |
|---|---:|---:|---:|---:|---:|---:|---:|
${lh
  .map(
    (p) =>
      `| \`${p.page}\` | ${p.performance} | ${p.accessibility} | ${p.bestPractices} | ${p.seo} | ${ms(p.lcp)} | ${ms(p.tbt)} | ${p.cls?.toFixed(3) ?? "–"} |`,
  )
  .join("\n")}

Scores ≥ 95 / 100 / 100 / 100: ${mark(lighthouseOk)}. LCP ≤ 1.5 s: ${mark(lcpOk)}.
${lh.some((p) => p.failing.length) ? `\nAudits that cost points: ${lh.map((p) => `\`${p.page}\`: ${p.failing.join(", ") || "none"}`).join("; ")}.\n` : ""}`;
}
