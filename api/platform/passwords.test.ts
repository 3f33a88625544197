import assert from "node:assert/strict";
import { hashPassword, verifyPassword } from "./passwords.ts";

Deno.test("hashes passwords with scrypt and a salt of their own", async () => {
  const a = await hashPassword("s3cret pass");
  const b = await hashPassword("s3cret pass");
  assert.match(a, /^scrypt\$32768\$8\$1\$/);
  assert.notEqual(a, b, "two hashes of one password differ by their salt");
  assert.equal(await verifyPassword("s3cret pass", a), true);
  assert.equal(await verifyPassword("s3cret pasS", a), false);
  assert.equal(await verifyPassword("s3cret pass", "not-a-hash"), false);
});

Deno.test("a hash made at another cost keeps its own cost, and still verifies after the cost changes", async () => {
  const cheap = await hashPassword("s3cret pass", 10);
  assert.match(cheap, /^scrypt\$1024\$8\$1\$/);
  assert.equal(await verifyPassword("s3cret pass", cheap), true);
  assert.equal(await verifyPassword("s3cret pasS", cheap), false);
});
