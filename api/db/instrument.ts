import { fileURLToPath } from "node:url";
import type { Sql } from "./client.ts";
import { dbPoolInUse, dbPoolWaiting, dbQueryDuration } from "../platform/metrics.ts";
import { activeParent, SpanKind, SpanStatusCode, startSpan } from "../platform/tracing.ts";

/** The parts of postgres.js's Query this reads and wraps (its own class is not exported). */
interface QueryLike {
  strings: TemplateStringsArray | string;
  tagged: boolean;
  handle(): Promise<void>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const isQuery = (value: unknown): value is QueryLike =>
  typeof value === "object" && value !== null && "handle" in value && "strings" in value && "resolve" in value;

const API_ROOT = fileURLToPath(new URL("../", import.meta.url));
/** A statement may name itself in a leading comment: `/* outbox.claim *\/ update outbox …`. */
const NAMED = /^\s*\/\*\s*([\w.:-]{1,60})\s*\*\//;
const TARGET = /\b(?:insert\s+into|update|delete\s+from|from)\s+("?[a-z_][\w.]*"?)/i;

/**
 * A statement's name: the one its comment gives, else the file that runs it with its verb and first table
 * (`features/bookings/repo.ts insert bookings`). Made of the SQL's words and the code's place, never its values.
 */
function nameOf(text: string, caller: string | null): string {
  const named = NAMED.exec(text);
  if (named) return named[1]!;
  const code = text.replace(/--[^\n]*/g, " ").replace(/\/\*[\s\S]*?\*\//g, " ");
  const verb = /^\s*(\w+)/.exec(code)?.[1]?.toLowerCase() ?? "sql";
  const table = TARGET.exec(code)?.[1]?.replaceAll('"', "").toLowerCase();
  const what = table ? `${verb} ${table}` : verb;
  return caller ? `${caller} ${what}` : what;
}

/** The api/ file that made the query: read once per call site from a stack, as postgres.js does for its errors. */
function callerFile(): string | null {
  const stack = new Error().stack ?? "";
  for (const line of stack.split("\n").slice(1)) {
    const file = /(?:file:\/\/)?(\/[^\s:()]+\.ts):\d+/.exec(line)?.[1];
    if (!file || !file.startsWith(API_ROOT) || file.endsWith("/db/instrument.ts")) continue;
    return file.slice(API_ROOT.length);
  }
  return null;
}

// A tagged template's strings are one array per call site, so a name is worked out once per place in the code.
const namesBySite = new WeakMap<TemplateStringsArray, string>();
const namesOfText = new Map<string, string>();
const MAX_TEXT_NAMES = 500;

function statementName(query: QueryLike): string {
  if (typeof query.strings !== "string") {
    let name = namesBySite.get(query.strings);
    if (name === undefined) namesBySite.set(query.strings, (name = nameOf(query.strings.join("?"), callerFile())));
    return name;
  }
  // sql.unsafe (migrations, the odd built statement): the verb and table only, and a bounded cache.
  let name = namesOfText.get(query.strings);
  if (name === undefined) {
    name = nameOf(query.strings, null);
    if (namesOfText.size < MAX_TEXT_NAMES) namesOfText.set(query.strings, name);
  }
  return name;
}

// The histogram's child per statement, so an observation does not hash its labels each time.
const timers = new Map<string, { observe(seconds: number): void }>();
function timerOf(statement: string) {
  let timer = timers.get(statement);
  if (!timer) timers.set(statement, (timer = dbQueryDuration.labels(statement)));
  return timer;
}

/**
 * postgres.js does not tell how busy its pool is, so it is counted here: statements sent on the pool and
 * connections reserved for a transaction are in use up to the pool's size; beyond it they wait.
 */
function poolCounter(max: number) {
  let busy = 0;
  const show = () => {
    dbPoolInUse.set(Math.min(busy, max));
    dbPoolWaiting.set(Math.max(0, busy - max));
  };
  return {
    take() {
      busy += 1;
      show();
    },
    give() {
      busy -= 1;
      show();
    },
  };
}

function timeQuery(query: QueryLike, pool: ReturnType<typeof poolCounter> | null): void {
  // Named now, while the stack is the code's that made it (at its answer the stack is the socket's).
  const statement = statementName(query);
  const timer = timerOf(statement);
  // Inside a trace (a request, a command's transaction), the statement is a span of it, named like its series.
  const parent = activeParent();
  let span: ReturnType<typeof startSpan>;
  const handle = query.handle;
  let started = -1;
  const end = (error?: unknown) => {
    if (started < 0) return;
    timer.observe((performance.now() - started) / 1000);
    started = -1;
    pool?.give();
    if (span) {
      // The SQLSTATE only: Postgres's message may quote the value it refused.
      const code = (error as { code?: unknown } | undefined)?.code;
      if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: String(code ?? "failed") });
      span.end();
    }
  };
  query.handle = function (this: QueryLike) {
    if (started < 0) {
      started = performance.now();
      pool?.take();
      if (parent) {
        span = startSpan(statement, {
          kind: SpanKind.CLIENT,
          parent,
          attributes: { "db.system.name": "postgresql", "db.query.summary": statement },
        });
      }
    }
    return handle.call(this);
  };
  const resolve = query.resolve;
  const reject = query.reject;
  query.resolve = (value) => {
    end();
    resolve(value);
  };
  query.reject = (error) => {
    end(error);
    reject(error);
  };
}

/** Wraps a query-making function so that each query it makes is timed; everything else passes through. */
function wrap<T extends object>(target: T, pool: ReturnType<typeof poolCounter> | null): T {
  return new Proxy(target, {
    apply(fn, self, args) {
      const made = Reflect.apply(fn as (...a: unknown[]) => unknown, self, args);
      if (isQuery(made)) timeQuery(made, pool);
      return made;
    },
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver);
      if (key === "unsafe" && typeof value === "function") return wrap(value, pool);
      if (key === "reserve" && typeof value === "function") {
        // A transaction's connection: in use from asking for it until it is released; its statements are timed.
        return async () => {
          pool?.take();
          let connection: Sql & { release(): void };
          try {
            connection = await (value as () => Promise<Sql & { release(): void }>)();
          } catch (error) {
            pool?.give();
            throw error;
          }
          const release = connection.release;
          const wrapped = wrap(connection, null);
          let released = false;
          connection.release = () => {
            if (!released) pool?.give();
            released = true;
            release();
          };
          return wrapped;
        };
      }
      return value;
    },
  });
}

/**
 * The same handle with every statement timed by name (db_query_duration_seconds) and the pool's use counted: one
 * wrapper on the sql tag the repositories already use, so no query is rewritten.
 */
export function instrumentSql(sql: Sql, max: number): Sql {
  return wrap(sql, poolCounter(max));
}
