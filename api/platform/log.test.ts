import assert from "node:assert/strict";
import { bufferedJsonLogger, type LogSink } from "./log.ts";

/** A sink that keeps what it was given and, like a pipe, may take only part of a write. */
function memorySink(maxPerWrite = Infinity) {
  const decoder = new TextDecoder();
  const sink = {
    text: "",
    writes: 0,
    writeSync(bytes: Uint8Array) {
      const taken = bytes.subarray(0, Math.min(bytes.length, maxPerWrite));
      sink.text += decoder.decode(taken, { stream: true });
      sink.writes += 1;
      return taken.length;
    },
  };
  return sink satisfies LogSink;
}

const parsed = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

Deno.test("the buffered logger writes every line, in order, in one write per batch", async () => {
  const out = memorySink();
  const log = bufferedJsonLogger(out, memorySink(), { flushMs: 5 });
  for (let i = 0; i < 100; i++) log.info({ msg: "request", n: i });
  assert.equal(out.writes, 0, "nothing is written on the request's path");
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(out.writes, 1);
  const lines = parsed(out.text);
  assert.deepEqual(
    lines.map((l) => l.n),
    Array.from({ length: 100 }, (_, i) => i),
  );
  assert.equal(lines[0]!.level, "info");
  assert.ok(typeof lines[0]!.time === "string");
});

Deno.test("flush() writes what is buffered at once (shutdown), and a partial write is finished", () => {
  const out = memorySink(7);
  const log = bufferedJsonLogger(out, memorySink(), { flushMs: 60_000 });
  log.info({ msg: "last words", detail: "é".repeat(20) });
  log.flush();
  assert.deepEqual(
    parsed(out.text).map((l) => l.detail),
    ["é".repeat(20)],
  );
  log.flush();
  assert.equal(parsed(out.text).length, 1, "a second flush writes nothing again");
});

Deno.test("a full buffer is written without waiting for the timer, and errors follow the lines before them", () => {
  const out = memorySink();
  const err = memorySink();
  const log = bufferedJsonLogger(out, err, { flushMs: 60_000, maxBufferChars: 1000 });
  for (let i = 0; i < 30; i++) log.info({ msg: "request", n: i });
  assert.ok(out.writes > 0, "written once the buffer filled");
  log.info({ msg: "before the error" });
  log.error({ msg: "database unavailable" });
  assert.equal(parsed(out.text).at(-1)!.msg, "before the error");
  assert.deepEqual(parsed(err.text), [{ ...parsed(err.text)[0], level: "error", msg: "database unavailable" }]);
  assert.equal(parsed(out.text).length, 31);
  log.flush();
});
