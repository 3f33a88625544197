/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A text that a
 * spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return: a customer can type
 * `=HYPERLINK(...)` in a comment) gets a leading apostrophe, so it shows as text. Numbers are written as they are.
 */
export function csvField(value: string | number | null | Cents): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "object") return (value.cents / 100).toFixed(2);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** An amount in cents, written as plain dollars with two decimals (`-12.50`): a number, never guarded as text. */
export interface Cents {
  cents: number;
}
export const dollars = (cents: number): Cents => ({ cents });

export const csvRow = (fields: readonly (string | number | null | Cents)[]) => `${fields.map(csvField).join(",")}\r\n`;

/** Excel reads a file without it as its local code page, and accents come out garbled. */
export const UTF8_BOM = "\uFEFF";

/**
 * A CSV file as a stream: the header, then each batch of rows as it comes from the database, so a file of any size
 * starts at once and never sits whole in memory.
 */
export function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<readonly T[]>,
  toFields: (row: T) => (string | number | null | Cents)[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(UTF8_BOM + csvRow(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((row) => csvRow(toFields(row))).join("")));
    },
    async cancel() {
      // The client went away: stop reading from the database.
      await iterator.return?.();
    },
  });
}
