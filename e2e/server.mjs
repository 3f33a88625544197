// Starts the real site for the e2e suite: builds the PWA, then runs the API on Deno on a fresh database made for
// this run (embedded PGlite in a temp folder, or a new database on TEST_DATABASE_URL), and removes it on exit.
// The API sends its e-mails to a real SMTP server in this process, which files each message in the run's inbox.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Buffer } from "node:buffer";
import { rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { SMTPServer } from "smtp-server";
import { E2E_ADMIN, E2E_BASE_URL, E2E_PORT, E2E_PWA_DIST, E2E_TWILIO_ORIGIN_FILE } from "./env.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(root, "node_modules", ".bin", name);

// `npm test` builds the PWA once for the budgets and this suite, and names the folder (E2E_BUILT_PWA).
const built = process.env.E2E_BUILT_PWA ?? join(root, "pwa", "dist");
if (!process.env.E2E_SKIP_BUILD && !process.env.E2E_BUILT_PWA) {
  const build = spawnSync(bin("vite"), ["build", "--config", "pwa/vite.config.ts", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

rmSync(E2E_PWA_DIST, { recursive: true, force: true });
// The build's chunk manifest (made for the budgets) is not part of the site.
cpSync(built, E2E_PWA_DIST, { recursive: true, filter: (source) => !source.endsWith("/.vite") });

const dataDir = mkdtempSync(join(tmpdir(), "clearflow-e2e-"));

// playwright.config.ts names the inbox (so the specs know it); run alone, this script makes its own.
const inboxDir = process.env.E2E_MAIL_DIR ?? mkdtempSync(join(tmpdir(), "clearflow-e2e-mail-"));
mkdirSync(inboxDir, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("error", callback);
    stream.on("end", () => {
      // Written aside, then renamed: a spec polling the folder never reads half a message.
      const name = `${Date.now()}-${String(++received).padStart(5, "0")}`;
      const part = join(inboxDir, `${name}.part`);
      writeFile(part, Buffer.concat(chunks))
        .then(() => rename(part, join(inboxDir, `${name}.eml`)))
        .then(() => callback(), callback);
    });
  },
});
await new Promise((resolve, reject) => {
  smtp.server.once("error", reject);
  smtp.listen(0, "127.0.0.1", resolve);
});
const smtpPort = smtp.server.address().port;
console.log(`e2e SMTP inbox on 127.0.0.1:${smtpPort}, filed in ${inboxDir}`);
const env = {
  ...process.env,
  PORT: String(E2E_PORT),
  DATA_DIR: dataDir,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  JWT_SECRET: randomBytes(32).toString("hex"),
  PWA_DIST: E2E_PWA_DIST,
  // Every test browser is one client at 127.0.0.1 making hundreds of bookings; with Redis the counts would also
  // carry over from earlier runs. The limits themselves are tested in the API suite.
  BOOKING_LIMIT_PER_HOUR: "100000",
  CONTACT_LIMIT_PER_HOUR: "100000",
  MANAGE_LIMIT_PER_HOUR: "100000",
  LOGIN_LIMIT_PER_IP: "10000",
  LOGIN_LIMIT_PER_ACCOUNT: "10000",
  // scrypt's lowest accepted cost: every spec signs staff in, and each check at the production cost took a few
  // hundred milliseconds of the two cores. The production cost is the API suite's (platform/passwords.test.ts).
  PASSWORD_HASH_COST: "10",
  PORTAL_SIGN_IN_LIMIT_PER_CLIENT: "100000",
  // "How did we do?" at once, so a spec can open it from the .eml.
  RATING_DELAY_MINUTES: "0",
  // A visit's reminder goes 72 hours ahead, with no wait after the booking (production: 24 and 12): a visit the
  // office moves to the next workday is reminded at once, so a spec sees the next reminder on the real clock. Only
  // the e2e specs' next-workday jobs get theirs at once too; their reminder e-mails are matched by no other spec.
  REMINDER_HOURS: "72",
  REMINDER_MIN_GAP_HOURS: "0",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // The manage links in the e-mails must open this run's site.
  PUBLIC_URL: E2E_BASE_URL,
  MAIL_POLL_MS: "200",
};
delete env.DATABASE_URL;
delete env.REDIS_URL;

// Online payment through the local Checkout peer (api/testing/stripe-peer.ts): the API's real code and the official
// `stripe` client talk to it at STRIPE_API_BASE, and its payment page sends the webhook signed as Stripe signs.
env.STRIPE_SECRET_KEY = "sk_test_e2e";
env.STRIPE_WEBHOOK_SECRET = `whsec_${randomBytes(16).toString("hex")}`;
const peer = spawn(bin("deno"), ["run", "-A", "api/testing/stripe-peer-serve.ts"], {
  cwd: root,
  env: { ...env, STRIPE_WEBHOOK_URL: `${E2E_BASE_URL}/api/webhooks/stripe` },
  stdio: ["ignore", "pipe", "inherit"],
});
env.STRIPE_API_BASE = await new Promise((resolve, reject) => {
  peer.once("exit", (code) => reject(new Error(`the Checkout peer stopped (${code})`)));
  peer.stdout.on("data", (chunk) => {
    const origin = /stripe peer on (\S+)/.exec(String(chunk))?.[1];
    if (origin) resolve(origin);
  });
});
console.log(`e2e Checkout peer on ${env.STRIPE_API_BASE}`);

// Texts through the local Twilio peer (api/testing/twilio-peer.ts): the official `twilio` client talks to it at
// TWILIO_API_BASE, it reports each text sent then delivered, and posts the customer's replies to the inbound webhook,
// signed as Twilio signs. The specs read what it received at the origin written to E2E_TWILIO_ORIGIN_FILE.
env.TWILIO_ACCOUNT_SID = `AC${randomBytes(16).toString("hex")}`;
env.TWILIO_AUTH_TOKEN = randomBytes(16).toString("hex");
env.TWILIO_FROM = "+17045550142";
// A run at night must text as by day: the quiet hours themselves are tested in the API suite with a fixed clock.
env.SMS_QUIET_HOURS = "off";
const twilioPeer = spawn(bin("deno"), ["run", "-A", "api/testing/twilio-peer-serve.ts"], {
  cwd: root,
  env: { ...env, TWILIO_INBOUND_URL: `${E2E_BASE_URL}/api/webhooks/twilio/sms` },
  stdio: ["ignore", "pipe", "inherit"],
});
env.TWILIO_API_BASE = await new Promise((resolve, reject) => {
  twilioPeer.once("exit", (code) => reject(new Error(`the Twilio peer stopped (${code})`)));
  twilioPeer.stdout.on("data", (chunk) => {
    const origin = /twilio peer on (\S+)/.exec(String(chunk))?.[1];
    if (origin) resolve(origin);
  });
});
writeFileSync(E2E_TWILIO_ORIGIN_FILE, env.TWILIO_API_BASE);
console.log(`e2e Twilio peer on ${env.TWILIO_API_BASE}`);

let dropDatabase = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;

const api = spawn(bin("deno"), ["run", "-A", "api/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
// Request logs would drown the test report; keep the start-up lines only.
api.stdout.on("data", (chunk) => {
  for (const line of String(chunk).split("\n")) if (line && !line.startsWith("{")) console.log(line);
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  api.kill("SIGTERM");
  peer.kill("SIGTERM");
  twilioPeer.kill("SIGTERM");
  await new Promise((resolve) => (api.exitCode === null ? api.once("exit", resolve) : resolve()));
  await dropDatabase().catch((error) => console.error("could not drop the e2e database", error));
  await new Promise((resolve) => smtp.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(inboxDir, { recursive: true, force: true });
  if (process.env.E2E_SLOT_DIR) rmSync(process.env.E2E_SLOT_DIR, { recursive: true, force: true });
  rmSync(E2E_PWA_DIST, { recursive: true, force: true });
  rmSync(E2E_TWILIO_ORIGIN_FILE, { force: true });
  process.exit(code);
}
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));
api.on("exit", (code) => stop(code ?? 1));
