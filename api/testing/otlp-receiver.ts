/**
 * A local OTLP/HTTP receiver, as a collector would run one: it takes what Deno's exporter posts to /v1/traces in its
 * default wire format (http/protobuf, ExportTraceServiceRequest of opentelemetry-proto) and keeps the spans, decoded
 * from the protobuf bytes themselves. Metrics and logs are accepted and dropped.
 */

export interface ReceivedLink {
  traceId: string;
  spanId: string;
}

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** "" for a root span. */
  parentSpanId: string;
  name: string;
  /** SpanKind of the proto: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  startNanos: bigint;
  endNanos: bigint;
  attributes: Record<string, string | number | boolean | string[]>;
  links: ReceivedLink[];
  /** The service.name of the resource that sent it. */
  service: string;
}

export interface OtlpReceiver {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans: ReceivedSpan[];
  /** Requests whose body could not be decoded (a test fails on any). */
  refused: string[];
  close(): Promise<void>;
}

/** The fields of one protobuf message, in order: varints as bigint, length-delimited as bytes, fixed as bigint. */
type Field = { no: number; varint?: bigint; bytes?: Uint8Array; fixed?: bigint };

function* fields(buf: Uint8Array): Generator<Field> {
  let at = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= buf.length) throw new Error("truncated varint");
      const byte = buf[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
  };
  const fixed = (size: number) => {
    if (at + size > buf.length) throw new Error("truncated fixed field");
    let value = 0n;
    for (let i = size - 1; i >= 0; i--) value = (value << 8n) | BigInt(buf[at + i]!);
    at += size;
    return value;
  };
  while (at < buf.length) {
    const key = varint();
    const no = Number(key >> 3n);
    switch (Number(key & 7n)) {
      case 0:
        yield { no, varint: varint() };
        break;
      case 1:
        yield { no, fixed: fixed(8) };
        break;
      case 2: {
        const length = Number(varint());
        if (at + length > buf.length) throw new Error("truncated length-delimited field");
        yield { no, bytes: buf.subarray(at, (at += length)) };
        break;
      }
      case 5:
        yield { no, fixed: fixed(4) };
        break;
      default:
        throw new Error(`unsupported wire type ${key & 7n}`);
    }
  }
}

const hex = (bytes: Uint8Array | undefined) =>
  bytes ? [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("") : "";
const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : "");

/** AnyValue: string 1, bool 2, int 3, double 4, array 5 (of AnyValue, field 1). */
function anyValue(buf: Uint8Array): string | number | boolean | string[] {
  for (const f of fields(buf)) {
    if (f.no === 1) return text(f.bytes);
    if (f.no === 2) return f.varint === 1n;
    if (f.no === 3) return Number(BigInt.asIntN(64, f.varint!));
    if (f.no === 4) return new DataView(new BigUint64Array([f.fixed!]).buffer).getFloat64(0, true);
    if (f.no === 5) {
      const items: string[] = [];
      for (const item of fields(f.bytes!)) if (item.no === 1) items.push(String(anyValue(item.bytes!)));
      return items;
    }
  }
  return "";
}

/** KeyValue: key 1, value 2. */
function keyValue(buf: Uint8Array): [string, ReturnType<typeof anyValue>] {
  let key = "";
  let value: ReturnType<typeof anyValue> = "";
  for (const f of fields(buf)) {
    if (f.no === 1) key = text(f.bytes);
    else if (f.no === 2) value = anyValue(f.bytes!);
  }
  return [key, value];
}

/** Span: trace_id 1, span_id 2, parent_span_id 4, name 5, kind 6, start 7, end 8, attributes 9, links 13. */
function span(buf: Uint8Array, service: string): ReceivedSpan {
  const out: ReceivedSpan = {
    traceId: "",
    spanId: "",
    parentSpanId: "",
    name: "",
    kind: 0,
    startNanos: 0n,
    endNanos: 0n,
    attributes: {},
    links: [],
    service,
  };
  for (const f of fields(buf)) {
    if (f.no === 1) out.traceId = hex(f.bytes);
    else if (f.no === 2) out.spanId = hex(f.bytes);
    else if (f.no === 4) out.parentSpanId = hex(f.bytes);
    else if (f.no === 5) out.name = text(f.bytes);
    else if (f.no === 6) out.kind = Number(f.varint);
    else if (f.no === 7) out.startNanos = f.fixed!;
    else if (f.no === 8) out.endNanos = f.fixed!;
    else if (f.no === 9) {
      const [key, value] = keyValue(f.bytes!);
      out.attributes[key] = value;
    } else if (f.no === 13) {
      // Link: trace_id 1, span_id 2.
      const link: ReceivedLink = { traceId: "", spanId: "" };
      for (const l of fields(f.bytes!)) {
        if (l.no === 1) link.traceId = hex(l.bytes);
        else if (l.no === 2) link.spanId = hex(l.bytes);
      }
      out.links.push(link);
    }
  }
  return out;
}

/** ExportTraceServiceRequest: resource_spans 1 → { resource 1 (attributes 1), scope_spans 2 → { spans 2 } }. */
export function decodeTraceRequest(body: Uint8Array): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of fields(body)) {
    if (resourceSpans.no !== 1) continue;
    let service = "";
    const scopes: Uint8Array[] = [];
    for (const f of fields(resourceSpans.bytes!)) {
      if (f.no === 1) {
        for (const attr of fields(f.bytes!)) {
          if (attr.no !== 1) continue;
          const [key, value] = keyValue(attr.bytes!);
          if (key === "service.name") service = String(value);
        }
      } else if (f.no === 2) scopes.push(f.bytes!);
    }
    for (const scope of scopes) {
      for (const f of fields(scope)) if (f.no === 2) spans.push(span(f.bytes!, service));
    }
  }
  return spans;
}

export function startOtlpReceiver(): OtlpReceiver {
  const spans: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const bytes = new Uint8Array(await req.arrayBuffer());
    if (path !== "/v1/traces") return new Response(null, { status: 200 });
    const type = req.headers.get("content-type") ?? "";
    const encoding = req.headers.get("content-encoding");
    if (!type.startsWith("application/x-protobuf") || (encoding && encoding !== "identity")) {
      refused.push(`${type} ${encoding ?? ""}`);
      return new Response(null, { status: 415 });
    }
    try {
      spans.push(...decodeTraceRequest(bytes));
    } catch (error) {
      refused.push(String(error));
      return new Response(null, { status: 400 });
    }
    // An empty ExportTraceServiceResponse: everything was accepted.
    return new Response(new Uint8Array(), { status: 200, headers: { "Content-Type": "application/x-protobuf" } });
  });
  const { port } = server.addr as Deno.NetAddr;
  return { url: `http://127.0.0.1:${port}`, spans, refused, close: () => server.shutdown() };
}
