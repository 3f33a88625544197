import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { waitUntil } from "../outbox/testing.ts";

export interface ApiProcess {
  child: Deno.ChildProcess;
  /** Resolves with the log so far once it holds `text` (reading on, so the pipe never fills). */
  logged(text: string): Promise<string>;
  /** SIGTERM, as an orchestrator stops it; resolves with its exit status once it has ended. */
  stop(): Promise<Deno.CommandStatus>;
}

/**
 * `deno run api/main.ts` as a container runs it, with `env` as its environment. `clearEnv`: nothing of the test's
 * environment but PATH, HOME, DENO_DIR and TMPDIR (what a new user's shell has).
 */
export function startApiProcess(env: Record<string, string>, options: { clearEnv?: boolean } = {}): ApiProcess {
  const passThrough = options.clearEnv
    ? ["PATH", "HOME", "DENO_DIR", "TMPDIR"].flatMap((name) => {
        const value = Deno.env.get(name);
        return value === undefined ? [] : [[name, value] as const];
      })
    : [];
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "api/main.ts"],
    clearEnv: options.clearEnv,
    env: { ...Object.fromEntries(passThrough), PWA_DIST: "/nonexistent-pwa-dist", ...env },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  let seen = "";
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let reading: Promise<void> | null = null;
  const logged = async (text: string) => {
    await waitUntil(`"${text}" in the log`, async () => {
      while (!seen.includes(text)) {
        const { value, done } = await reader.read();
        if (done) return false;
        seen += value;
      }
      return true;
    });
    return seen;
  };
  let stopped: Promise<Deno.CommandStatus> | null = null;
  const stop = () => (stopped ??= end());
  const end = async () => {
    child.kill("SIGTERM");
    // Read on until it ends, so a last burst of lines never blocks its exit on a full pipe.
    reading ??= (async () => {
      for (;;) {
        const { done } = await reader.read().catch(() => ({ done: true }));
        if (done) return;
      }
    })();
    const status = await child.status;
    await reader.cancel().catch(() => {});
    return status;
  };
  return { child, logged, stop };
}

/** A port free now on 127.0.0.1, for a process to listen on. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** The e-mails a process wrote to DATA_DIR/mail (no SMTP_URL). */
export const emlFiles = async (dataDir: string): Promise<string[]> =>
  (await readdir(join(dataDir, "mail")).catch(() => [])).filter((f) => f.endsWith(".eml"));

/** A weekday at least two days ahead in New York (open, past the lead time), as YYYY-MM-DD. */
export function weekdayAhead(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
