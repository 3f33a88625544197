// `npm start`: builds the PWA when pwa/dist is missing or older than its sources, then runs the API on Deno,
// which serves the API, Socket.IO and the built PWA on one port.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(root, "node_modules", ".bin", name);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

const builtAt = newestMtime(join(root, "pwa", "dist", "index.html"));
const sources = ["pwa/src", "pwa/public", "pwa/index.html", "pwa/vite.config.ts", "api/contracts"];
const sourcesAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));

if (builtAt === 0 || builtAt < sourcesAt) {
  console.log(builtAt === 0 ? "Building the PWA (first start)..." : "PWA sources changed, rebuilding...");
  const build = spawnSync(bin("vite"), ["build", "--config", "pwa/vite.config.ts", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const api = spawn(bin("deno"), ["run", "-A", "api/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => api.kill(signal));
api.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
