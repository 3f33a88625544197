import type { ReceivedSpan } from "./otlp-receiver.ts";

const KINDS = ["", "internal", "server", "client", "producer", "consumer"];

/** A trace as text, children under their parent in the order they started: name, kind, duration, links. */
export function traceTree(spans: ReceivedSpan[]): string {
  const ids = new Set(spans.map((s) => s.spanId));
  // A span another one links to shows its id, so that the link can be followed by eye.
  const linked = new Set(spans.flatMap((s) => s.links.map((l) => l.spanId)));
  const children = new Map<string, ReceivedSpan[]>();
  for (const s of [...spans].sort((a, b) => (a.startNanos < b.startNanos ? -1 : 1))) {
    const parent = ids.has(s.parentSpanId) ? s.parentSpanId : "";
    children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  const lines: string[] = [];
  const walk = (parent: string, indent: string) => {
    const list = children.get(parent) ?? [];
    list.forEach((s, i) => {
      const last = i === list.length - 1;
      const ms = (Number(s.endNanos - s.startNanos) / 1e6).toFixed(1);
      const links = s.links.map((l) => ` → link ${l.traceId.slice(0, 8)}…/${l.spanId.slice(0, 8)}…`).join("");
      const id = linked.has(s.spanId) ? ` (span ${s.spanId.slice(0, 8)}…)` : "";
      const head = parent === "" ? `trace ${s.traceId.slice(0, 8)}… ` : `${indent}${last ? "└─ " : "├─ "}`;
      lines.push(`${head}${s.name}${id} [${KINDS[s.kind] ?? s.kind}] ${ms} ms${links}`);
      walk(s.spanId, parent === "" ? "" : `${indent}${last ? "   " : "│  "}`);
    });
  };
  walk("", "");
  return lines.join("\n");
}
