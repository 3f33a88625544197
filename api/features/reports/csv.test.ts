import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { csvField, csvRow, csvStream, UTF8_BOM } from "./csv.ts";

Deno.test("fields with commas, quotes and line breaks survive a round trip through a CSV parser", () => {
  const row = ["Dana, Jr.", 'She said "hi"', "line one\nline two\r\nline three", "Zoë Ångström", 42.5, null];
  const parsed = parse(csvRow(row), { bom: true }) as string[][];
  assert.deepEqual(parsed, [
    ["Dana, Jr.", 'She said "hi"', "line one\nline two\r\nline three", "Zoë Ångström", "42.5", ""],
  ]);
});

Deno.test("a text a spreadsheet would run as a formula is written as text", () => {
  for (const start of ["=", "+", "-", "@", "\t", "\r"]) assert.equal(csvField(`${start}1+1`).replace(/^"/, "")[0], "'");
  assert.equal(
    csvField('=HYPERLINK("http://evil.example","Click")'),
    `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
  );
  assert.equal(csvField(-5), "-5", "a number stays a number");
  assert.equal(csvField("Gate code 4512"), "Gate code 4512");
});

Deno.test("the stream starts with the BOM and the header, then each batch", async () => {
  async function* batches() {
    yield [{ a: "x", b: 1 }];
    yield [
      { a: "y,z", b: 2 },
      { a: "w", b: 3 },
    ];
  }
  const bytes = await new Response(csvStream(["A", "B"], batches(), (r) => [r.a, r.b])).arrayBuffer();
  // Decoded as is: a plain text() would drop the BOM it is checking for.
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  assert.equal(text, `${UTF8_BOM}A,B\r\nx,1\r\n"y,z",2\r\nw,3\r\n`);
});
