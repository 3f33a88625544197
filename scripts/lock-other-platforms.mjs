// Adds to package-lock.json the platform builds that optional dependencies name for other systems (deno's
// @deno/darwin-arm64, rollup's @rollup/rollup-win32-x64-msvc, …) when the registry copy this project installs
// from does not have them. Without these entries `npm ci` refuses the lock file as "out of sync", although
// npm would skip those packages on this platform anyway. Each entry carries os/cpu (and libc), so npm never
// fetches it here. Run after `npm install` if `npm ci` reports "Missing: … from lock file".
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const lockPath = fileURLToPath(new URL("../package-lock.json", import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const OS = ["darwin", "linux", "win32", "android", "freebsd", "openbsd", "openharmony"];
const CPU = ["arm64", "x64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x"];

/** os, cpu and libc of a platform package from its name, e.g. rollup-linux-arm64-musl. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu =
    parts.find((p) => CPU.includes(p)) ?? (parts.includes("eabi") || parts.includes("gnueabihf") ? "arm" : null);
  const libc =
    parts.includes("musl") || parts.includes("musleabihf")
      ? "musl"
      : parts.some((p) => p === "gnu" || p === "glibc" || p === "gnueabihf")
        ? "glibc"
        : null;
  return os && cpu ? { os, cpu, libc } : null;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/` : "node_modules/";
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[`${base}${dep}`] || lock.packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+$/.test(range)) continue;
    lock.packages[hoisted] = {
      version: range,
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      os: [platform.os],
      ...(entry.dev ? { dev: true } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries to package-lock.json`);
