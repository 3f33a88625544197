import {
  type Attributes,
  context,
  type Context,
  type Link,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
} from "@opentelemetry/api";

/**
 * Our own spans, exported by Deno's built-in OpenTelemetry (OTEL_DENO=true and the standard OTEL_EXPORTER_OTLP_*
 * variables, which Deno reads itself). Off, every helper here calls its function and nothing else: no span, no
 * closure, no context lookup, so the write path pays nothing for a feature it does not use.
 */
let enabled = false;
const tracer = trace.getTracer("clearflow-api");

/** Switched on once at start from the config (config.tracing); tests of a process switch it through the env. */
export function setTracing(on: boolean): void {
  enabled = on;
}

export const tracingEnabled = (): boolean => enabled;

export { SpanKind, SpanStatusCode };

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  links?: Link[];
  /** The span's parent; the active context when left out. */
  parent?: Context;
}

/** A failed span says what kind of error ended it, not its message: a database's message may quote a value. */
const failed = (span: Span, error: unknown) => {
  const kind = error instanceof Error ? error.name : typeof error;
  span.setAttribute("error.type", kind);
  span.setStatus({ code: SpanStatusCode.ERROR, message: kind });
};

/** Runs `fn` inside a span of that name (made the active one, so what `fn` calls nests below it). */
export function inSpan<T>(name: string, options: SpanOptions, fn: (span?: Span) => Promise<T>): Promise<T> {
  if (!enabled) return fn();
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(name, options, parent, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The same for work that does not wait (the live events, told after a commit). */
export function inSpanSync<T>(name: string, options: SpanOptions, fn: () => T): T {
  if (!enabled) return fn();
  return tracer.startActiveSpan(name, options, options.parent ?? context.active(), (span) => {
    try {
      return fn();
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span ended by its caller (a statement, which answers in a later callback); undefined when tracing is off. */
export function startSpan(name: string, options: SpanOptions): Span | undefined {
  if (!enabled) return undefined;
  return tracer.startSpan(name, options, options.parent ?? context.active());
}

/**
 * `fn`, run outside whatever trace schedules it: a worker woken by a request must not make its passes part of that
 * request's trace (its sends link to the trace instead).
 */
export function detached<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return enabled ? context.bind(ROOT_CONTEXT, fn) : fn;
}

/**
 * The active context when a span is recording in it, to give work that starts later (a statement sent when its
 * connection is free) its parent; undefined otherwise, so that what runs outside any trace (a worker's poll) makes
 * no trace of its own.
 */
export function activeParent(): Context | undefined {
  if (!enabled) return undefined;
  const active = context.active();
  return trace.getSpan(active)?.isRecording() ? active : undefined;
}

/** The trace of what runs now, for a log line; undefined without one. */
export function activeTraceId(): string | undefined {
  if (!enabled) return undefined;
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The active span as a W3C `traceparent` (what an outbox row keeps for its later send); undefined without one. */
export function activeTraceparent(): string | undefined {
  if (!enabled) return undefined;
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, "0")}`;
}

/** A `traceparent` as a span's context, or undefined when it is absent or malformed (never trusted further). */
function spanContextOf(traceparent: unknown) {
  if (typeof traceparent !== "string") return undefined;
  const match = TRACEPARENT.exec(traceparent.trim().toLowerCase());
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return undefined;
  return {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: parseInt(match[3]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  };
}

/** A caller's `traceparent` header as the parent of our route's span; a fresh trace without a valid one. */
export function parentFrom(traceparent: string | null | undefined): Context {
  const parent = spanContextOf(traceparent);
  return parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
}

/** A link to the trace that wrote a message, for the span that sends it later; none without a valid one. */
export function linksFrom(traceparent: unknown, attributes?: Attributes): Link[] {
  const linked = spanContextOf(traceparent);
  return linked ? [{ context: linked, attributes }] : [];
}
