import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POSTGRES_URL } from "../api-runs.mjs";
import { adminToken, createDatabase, startApi, stopAll } from "../processes.mjs";
import { lighthousePages } from "../lighthouse.mjs";
const dataDir = mkdtempSync(join(tmpdir(), "lh-"));
const database = await createDatabase(POSTGRES_URL);
try {
  const api = await startApi({ databaseUrl: database.url, pwaDist: process.argv[2], dataDir });
  const runs = await lighthousePages(api, database.url, await adminToken(api), (t) => console.error(t));
  for (const r of runs) console.log(JSON.stringify(r));
  await api.proc.stop();
} finally {
  await stopAll();
  await database.drop();
}
