import assert from "node:assert/strict";
import { HttpError } from "../errors.ts";
import { createSealer } from "./sealed.ts";

const ROOT = "a root secret of at least thirty-two bytes!";

Deno.test("a sealed secret opens to what was sealed, and never reads as it", async () => {
  const sealer = createSealer(ROOT, "totp");
  const sealed = await sealer.seal("JBSWY3DPEHPK3PXP");
  assert.match(sealed, /^v1\.[\w-]+\.[\w-]+$/);
  assert.ok(!sealed.includes("JBSWY3DPEHPK3PXP"));
  assert.equal(await sealer.open(sealed), "JBSWY3DPEHPK3PXP");
  // A fresh IV each time: the same secret sealed twice gives two values.
  assert.notEqual(await sealer.seal("JBSWY3DPEHPK3PXP"), sealed);
});

Deno.test("another root or another purpose cannot open it: 503, not a wrong code", async () => {
  const sealed = await createSealer(ROOT, "totp").seal("JBSWY3DPEHPK3PXP");
  for (const other of [createSealer(`${ROOT}?`, "totp"), createSealer(ROOT, "another purpose")]) {
    const error = await other.open(sealed).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(error instanceof HttpError);
    assert.equal(error.status, 503);
  }
});

Deno.test("a value written before sealing is read as it is", async () => {
  assert.equal(await createSealer(ROOT, "totp").open("JBSWY3DPEHPK3PXP"), "JBSWY3DPEHPK3PXP");
});
