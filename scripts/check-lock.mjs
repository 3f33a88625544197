// Refuses a package-lock.json in which some package asks for a dependency by dist-tag ("latest", "next", …).
// Such a range follows the registry, not the lock: the day a new version is published `npm ci` calls the lock
// out of sync and CI goes red with no change of ours (decision 0013). Pin the package through `overrides`.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const lockPath = fileURLToPath(new URL("../package-lock.json", import.meta.url));
const manifestPath = fileURLToPath(new URL("../package.json", import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const overrides = JSON.parse(readFileSync(manifestPath, "utf8")).overrides ?? {};

/** True when the root overrides pin `dep` for the package at `path` (or for every package). */
function pinned(path, dep) {
  if (typeof overrides[dep] === "string") return true;
  const name = path.replace(/^.*node_modules\//, "");
  return typeof overrides[name]?.[dep] === "string";
}

const tagged = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const kind of ["dependencies", "optionalDependencies", "peerDependencies"]) {
    for (const [dep, range] of Object.entries(entry[kind] ?? {})) {
      if (/^[a-z][\w.-]*$/i.test(range) && !pinned(path, dep)) tagged.push(`${path || "(root)"} → ${dep}@${range}`);
    }
  }
}
if (tagged.length > 0) {
  console.error(
    "package-lock.json has dependencies asked for by dist-tag; pin them in package.json overrides:\n  " +
      tagged.join("\n  "),
  );
  process.exit(1);
}
console.log("package-lock.json: no dependency asked for by dist-tag");
