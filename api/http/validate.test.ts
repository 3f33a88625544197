import assert from "node:assert/strict";
import { Hono } from "hono";
import * as v from "valibot";
import { MESSAGES } from "../contracts/common/messages.ts";
import { HttpError } from "../errors.ts";
import { validateJson } from "./validate.ts";

function appFor(schema: v.GenericSchema) {
  return new Hono()
    .post("/", validateJson(schema), (c) => c.json({ data: c.req.valid("json") }))
    .onError((error, c) => {
      if (error instanceof HttpError) return c.json(error.toBody(), error.status);
      throw error;
    });
}

const post = (app: Hono, body: unknown) =>
  app.request("/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

Deno.test("an object schema refuses a JSON array, which valibot alone reads as an object", async () => {
  const schemas = {
    object: v.object({ on: v.optional(v.boolean()) }),
    strictObject: v.strictObject({ on: v.optional(v.boolean()) }),
    looseObject: v.looseObject({}),
    piped: v.pipe(
      v.strictObject({ on: v.optional(v.boolean()) }),
      v.check(() => true),
    ),
  };
  for (const [name, schema] of Object.entries(schemas)) {
    const app = appFor(schema);
    for (const body of [[], [true], [{ on: true }]]) {
      const res = await post(app, body);
      assert.equal(res.status, 400, `${name} ${JSON.stringify(body)}`);
      assert.deepEqual(await res.json(), { message: MESSAGES.notAnObject });
    }
    const ok = await post(app, {});
    assert.equal(ok.status, 200, name);
  }
});

Deno.test("an array schema still takes an array", async () => {
  const res = await post(appFor(v.array(v.number())), [1, 2]);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { data: [1, 2] });
});
