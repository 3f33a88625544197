// The restore drill: a backup taken while the day goes on (pg_dump, as `npm run backup` takes it), restored after
// the day into a new database, an API started on it, and everything acknowledged before the backup found there;
// the gapless invoice numbers then continue from the last one in the backup.
import { join } from "node:path";
import { todayIn } from "../../api/contracts/schedule/dates.ts";
import { connect } from "../../api/db/client.ts";
import { backup, restore } from "../../api/db/backup.ts";
import { CLUSTER_ADMIN, type Cluster } from "../cluster/cluster.ts";
import { freePort, Instance } from "../cluster/processes.ts";
import type { Ledger } from "./ledger.ts";
import { bookingBody, nthOpenDay } from "./world.ts";

interface Acknowledged {
  bookings: string[];
  /** Booking id → payments acknowledged on its invoice (the device's invoice was acknowledged too). */
  invoiced: Map<string, number>;
}

export interface DrillResult {
  acknowledged: { bookings: number; invoices: number; payments: number };
  backupMs: number;
  backupBytes: number;
  restoreMs: number;
  /** The rows the restored database holds: all its tables together, and the ones the drill checks. */
  rows: { total: number; tables: number; bookings: number; invoices: number; payments: number; outbox: number };
  /** The last invoice number in the backup and the one the restored site gave next. */
  lastNumber: string;
  nextNumber: string;
}

interface Invoice {
  number: string;
  payments: unknown[];
}

export class BackupDrill {
  private acknowledged: Acknowledged | null = null;
  private backupMs = 0;
  readonly file: string;

  constructor(dir: string) {
    this.file = join(dir, "mid-day.dump");
  }

  /** At its minute of the day: what the server acknowledged so far, then the backup (which sees all of it). */
  async takeBackup(cluster: Cluster, ledger: Ledger): Promise<void> {
    const invoiced = new Map<string, number>();
    for (const job of ledger.jobs.values()) if (job.invoiced) invoiced.set(job.bookingId, job.payments.length);
    this.acknowledged = { bookings: [...ledger.bookings.values()], invoiced };
    const started = performance.now();
    await backup({ databaseUrl: cluster.databaseUrl }, this.file);
    this.backupMs = performance.now() - started;
  }

  /** After the day: restore into a new database, start an API on it, and hold it against what was acknowledged. */
  async restoreAndCheck(cluster: Cluster): Promise<DrillResult> {
    const acknowledged = this.acknowledged;
    if (!acknowledged) throw new Error("the day ended before its backup was taken");
    const admin = connect(cluster.pg.url, { max: 1 });
    await admin`create database clearflow_drill`;
    await admin.end();
    const url = cluster.pg.url.replace(/\/postgres$/, "/clearflow_drill");
    const started = performance.now();
    await restore({ databaseUrl: url }, this.file);
    const restoreMs = performance.now() - started;

    const instance = new Instance(9, freePort(), cluster.dir, {
      databaseUrl: url,
      redisUrl: "",
      publicUrl: "http://127.0.0.1",
      jwtSecret: "drill-secret-that-is-long-enough-0123456789abcdef",
      adminEmail: CLUSTER_ADMIN.email,
      adminPassword: CLUSTER_ADMIN.password,
    });
    const proc = instance.start();
    try {
      await instance.ready(60_000);
      const login = await fetch(`${instance.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(CLUSTER_ADMIN),
      });
      if (login.status !== 200) throw new Error(`login on the restored site: ${login.status}`);
      const { token } = (await login.json()) as { token: string };
      const call = async <T>(method: string, path: string, body?: unknown) => {
        const res = await fetch(`${instance.url}${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as T };
      };

      const missing: string[] = [];
      let payments = 0;
      for (const id of acknowledged.bookings) {
        const found = await call<{ invoice: Invoice | null }>("GET", `/api/bookings/${id}`);
        if (found.status !== 200) {
          missing.push(`booking ${id}: ${found.status}`);
          continue;
        }
        const paid = acknowledged.invoiced.get(id);
        if (paid === undefined) continue;
        payments += paid;
        if (!found.body.invoice) missing.push(`the invoice of booking ${id}`);
        else if (found.body.invoice.payments.length < paid) {
          missing.push(`booking ${id}: ${found.body.invoice.payments.length} of ${paid} payments`);
        }
      }
      if (missing.length > 0) throw new Error(`not in the restored database: ${missing.slice(0, 10).join("; ")}`);

      // The numbers in the backup run 1..N without a gap, and the restored site's next one is N + 1.
      const sql = connect(url, { max: 1 });
      const [numbers] = await sql<{ n: number; last: string | null }[]>`
        select count(*)::int as n, max(number) as last from invoices`;
      const rows = await rowsOf(sql);
      await sql.end();
      const visit = nthOpenDay(todayIn("America/New_York"), 20, 0, 0);
      const booked = await call<{ data: { _id: string } }>("POST", "/api/bookings", bookingBody("drill", visit, 1));
      if (booked.status !== 201) throw new Error(`booking on the restored site: ${booked.status}`);
      const made = await call<{ data: Invoice }>("POST", `/api/bookings/${booked.body.data._id}/invoice`);
      if (made.status !== 201) throw new Error(`invoicing on the restored site: ${made.status}`);
      const lastNumber = numbers!.last ?? "(none)";
      const nextNumber = made.body.data.number;
      const digits = (text: string) => Number(/(\d+)$/.exec(text)?.[1] ?? 0);
      // Invoices are never deleted, so N of them end at number N.
      if (digits(lastNumber) !== numbers!.n) {
        throw new Error(`the backup's invoice numbers have a gap: ${numbers!.n} invoices up to ${lastNumber}`);
      }
      if (digits(nextNumber) !== digits(lastNumber) + 1) {
        throw new Error(`after ${lastNumber} the restored site numbered ${nextNumber}`);
      }
      return {
        acknowledged: { bookings: acknowledged.bookings.length, invoices: acknowledged.invoiced.size, payments },
        backupMs: Math.round(this.backupMs),
        backupBytes: (await Deno.stat(this.file)).size,
        restoreMs: Math.round(restoreMs),
        rows,
        lastNumber,
        nextNumber,
      };
    } finally {
      await proc.stop("SIGTERM", 5000).catch(() => proc.killGroup());
    }
  }
}

/** Every table's rows in the restored database (exact counts: a drill reads them once). */
async function rowsOf(sql: ReturnType<typeof connect>): Promise<DrillResult["rows"]> {
  const tables = await sql<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')`;
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(name)}`;
    counts.set(name, n);
  }
  const of = (name: string) => counts.get(name) ?? 0;
  return {
    total: [...counts.values()].reduce((sum, n) => sum + n, 0),
    tables: counts.size,
    bookings: of("bookings"),
    invoices: of("invoices"),
    payments: of("payments"),
    outbox: of("outbox"),
  };
}
