import { activeTraceId } from "./tracing.ts";

/** One JSON object per line; fields are chosen by the caller and never include secrets. */
export interface Logger {
  info(fields: Record<string, unknown>): void;
  error(fields: Record<string, unknown>): void;
}

/** A line written inside a span names its trace (`traceId`), so a slow request's log leads to its trace. */
const line = (level: string, fields: Record<string, unknown>) => {
  const traceId = activeTraceId();
  const stamped = traceId === undefined ? fields : { traceId, ...fields };
  return JSON.stringify({ level, time: new Date().toISOString(), ...stamped }) + "\n";
};

/** One line per call, written at once (console.log blocks the event loop on every line: fine for tools, tests). */
export const jsonLogger: Logger = {
  info: (fields) => console.log(line("info", fields).slice(0, -1)),
  error: (fields) => console.error(line("error", fields).slice(0, -1)),
};

/** Where a buffered logger writes: Deno.stdout, or a test's sink. */
export interface LogSink {
  writeSync(bytes: Uint8Array): number;
}

export interface BufferedLogger extends Logger {
  /** Writes whatever is buffered now (call before exiting). */
  flush(): void;
}

export interface BufferedLoggerOptions {
  /** Lines wait at most this long to be written. */
  flushMs?: number;
  /** A burst of this many buffered characters is written at once rather than waiting for the timer. */
  maxBufferChars?: number;
}

/**
 * The server's logger. A write to stdout per line (console.log, synchronous in Deno) was the largest single cost of
 * a cached GET, so info lines are gathered and written together, one write per `flushMs` (or per full buffer). Every
 * line is still written, in order, and memory stays bounded: a sink that falls behind slows the writer down
 * (backpressure) rather than losing lines. Error lines (rare, and the ones to keep if the process dies) go to
 * stderr at once. Call flush() before exiting; `Deno.exit` skips timers.
 */
export function bufferedJsonLogger(
  sink: LogSink = Deno.stdout,
  errorSink: LogSink = Deno.stderr,
  { flushMs = 50, maxBufferChars = 64 * 1024 }: BufferedLoggerOptions = {},
): BufferedLogger {
  const encoder = new TextEncoder();
  let pending: string[] = [];
  let pendingChars = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const writeAll = (to: LogSink, text: string) => {
    const bytes = encoder.encode(text);
    try {
      for (let done = 0; done < bytes.length;) done += to.writeSync(bytes.subarray(done));
    } catch {
      // The stream is closed (e.g. the terminal went away): there is nowhere left to log to.
    }
  };
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    pendingChars = 0;
    writeAll(sink, text);
  };

  return {
    info(fields) {
      const text = line("info", fields);
      pending.push(text);
      pendingChars += text.length;
      if (pendingChars >= maxBufferChars) flush();
      else timer ??= setTimeout(flush, flushMs);
    },
    error(fields) {
      // Written after the info lines before it, so that the log reads in order.
      flush();
      writeAll(errorSink, line("error", fields));
    },
    flush,
  };
}
