// The dispatch board's first draw: 20 technicians × 8 jobs (and 20 unassigned) in Chromium at 1024×768 with the CPU
// throttled 4×, from the moment the board's data has arrived (its fetch resolved) to the frame after the last of
// its 180 cards is in the page. Target: ≤ 500 ms. The board's answer is served by the browser (page.route) so that
// the figure is the screen's alone; the rest (the app, the session, the services) is the real API on Postgres.
// Run alone: `node scripts/bench/board.mjs` (builds the PWA).
/* global document, window, performance, MutationObserver, requestAnimationFrame -- Node 20 and the page have them. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POSTGRES_URL } from "./api-runs.mjs";
import { adminSession, createDatabase, startApi, stopAll } from "./processes.mjs";
import { summarize } from "./stats.mjs";
import { signedInTablet } from "./tablet.mjs";

const TECHNICIANS = 20;
const JOBS_EACH = 8;
const UNASSIGNED = 20;
const RUNS = 5;
const THROTTLE = 4;
const DAY = "2030-06-10";
const TARGET_MS = 500;

const log = (text) => console.error(`[bench board] ${text}`);

// The contract's default week (api/contracts/schedule/board.ts), written here: Node 20 runs no TypeScript.
const WORKDAY = { start: "07:00", end: "20:00" };
const HOURS = {
  week: {
    sunday: WORKDAY,
    monday: WORKDAY,
    tuesday: WORKDAY,
    wednesday: WORKDAY,
    thursday: WORKDAY,
    friday: WORKDAY,
    saturday: null,
  },
  daysOff: [],
};

const SLOTS = ["7:00 AM", "8:00 AM", "9:00 AM", "10:00 AM", "11:00 AM", "1:00 PM", "3:00 PM", "5:00 PM"];
const TOWNS = ["Charlotte", "Matthews", "Huntersville", "Pineville", "Concord", "Gastonia"];

/** A full day: every technician with eight jobs of 45 to 75 minutes and the drive between them, and 20 to hand out. */
export function boardOf() {
  const technicians = Array.from({ length: TECHNICIANS }, (_, t) => ({
    _id: `t${t}`,
    name: `Technician ${String(t + 1).padStart(2, "0")}`,
    color: `hsl(${(t * 37) % 360} 60% 45%)`,
    hours: HOURS,
  }));
  const job = (i, technicianId, slot, first) => ({
    _id: `b${i}`,
    firstName: ["Mei", "Ana", "Luis", "Dana"][i % 4],
    lastName: `Customer${i}`,
    email: `c${i}@bench.example`,
    contactNumber: "(704) 555-0100",
    homeAddress: `${100 + i} Oak St`,
    city: TOWNS[i % TOWNS.length],
    state: "NC",
    zip: "28202",
    furnaceOrUnit: "Furnace",
    serviceType: ["dryer-vent-cleaning", "air-duct-cleaning"][i % 2],
    unitCount: 1 + (i % 3),
    cleaningDate: DAY,
    cleaningTime: slot,
    comment: "",
    originalPrice: 19900,
    discountAmount: 0,
    estimatedPrice: 19900,
    status: "confirmed",
    timeZone: "America/New_York",
    customerId: null,
    propertyId: null,
    technicianId,
    technicianName: null,
    visitStage: "scheduled",
    visitStageAt: null,
    version: 1,
    createdAt: "2030-06-01T10:00:00.000Z",
    updatedAt: "2030-06-01T10:00:00.000Z",
    durationMinutes: 45 + (i % 3) * 15,
    durationOverrideMinutes: null,
    travelMinutesBefore: technicianId && !first ? 10 + (i % 4) * 5 : null,
    town: TOWNS[i % TOWNS.length],
    locationApproximate: i % 17 === 0,
  });
  const bookings = [];
  for (const [t, tech] of technicians.entries()) {
    for (const [s, slot] of SLOTS.entries()) bookings.push(job(t * JOBS_EACH + s, tech._id, slot, s === 0));
  }
  for (let u = 0; u < UNASSIGNED; u++) bookings.push(job(1000 + u, null, SLOTS[u % SLOTS.length], true));
  return { from: DAY, to: DAY, technicians, bookings };
}

/** In the page: when the board's data arrived, and the frame after its last card was added. */
function watchBoard(cards) {
  window.__board = { arrived: null, drawn: null };
  const fetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (String(input).includes("/api/schedule/board")) {
      // The app reads every answer as text (lib/http.ts readBody): the data has arrived when that text has.
      const text = response.text.bind(response);
      response.text = async () => {
        const body = await text();
        window.__board.arrived = performance.now();
        return body;
      };
    }
    return response;
  };
  new MutationObserver((_, observer) => {
    if (window.__board.arrived === null || document.querySelectorAll("[data-booking-id]").length < cards) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.__board.drawn = performance.now())));
  }).observe(document, { childList: true, subtree: true });
}

/** The board's first draw on `api` (serving a built PWA) for the signed-in `session` ({ token, user }). */
export async function measureBoard(api, session) {
  const board = boardOf();
  const draws = [];
  const { browser, context } = await signedInTablet(api, session);
  try {
    await context.addInitScript(watchBoard, board.bookings.length);
    await context.route(/\/api\/schedule\/board/, (route) => route.fulfill({ json: board }));
    // A tablet in daily use: the app and its service worker are installed, so the runs below are warm loads.
    const warm = await context.newPage();
    await warm.goto(`/dashboard/schedule?day=${DAY}`);
    await warm.waitForFunction(() => window.__board?.drawn !== null, null, { timeout: 60_000 });
    await warm.close();
    for (let run = 0; run < RUNS; run++) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
      await page.goto(`/dashboard/schedule?day=${DAY}`, { waitUntil: "commit" });
      const drawn = await page.waitForFunction(() => window.__board?.drawn !== null && window.__board, null, {
        timeout: 60_000,
      });
      const { arrived, drawn: at } = await drawn.jsonValue();
      draws.push(at - arrived);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const figures = summarize(draws);
  return {
    cards: board.bookings.length,
    runs: RUNS,
    p50Ms: Math.round(figures.p50),
    maxMs: Math.round(Math.max(...draws)),
    targetMs: TARGET_MS,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildWithManifest } = await import("./budgets.mjs");
  const dataDir = mkdtempSync(join(tmpdir(), "clearflow-bench-board-"));
  let pwaDist = null;
  const database = await createDatabase(POSTGRES_URL);
  try {
    log("building the PWA");
    pwaDist = buildWithManifest();
    const api = await startApi({ databaseUrl: database.url, pwaDist, dataDir });
    log(`${TECHNICIANS} technicians × ${JOBS_EACH} jobs in Chromium, ${THROTTLE}× throttled`);
    const result = await measureBoard(api, await adminSession(api));
    console.log(JSON.stringify(result, null, 2));
    await api.proc.stop();
    if (result.p50Ms > TARGET_MS) process.exitCode = 1;
  } finally {
    await stopAll();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    if (pwaDist) rmSync(pwaDist, { recursive: true, force: true });
  }
}
