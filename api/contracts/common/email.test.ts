import assert from "node:assert/strict";
import { isDeliverableEmail } from "./email.ts";

// Addresses people really have, as address books and sign-up forms hold them.
const REAL = [
  "o'brien@example.com",
  "first.last+tag@sub.example.co.uk",
  "d'angelo.smith@example.org",
  "mary-jane_watson@example.com",
  "x@example.io",
  "1234567890@example.com",
  "user%team@example.com",
  "a.b.c.d@mail.example.museum",
  "jose@bücher.de",
  "jose@xn--bcher-kva.de",
  "info@münchen.example.com",
  "user@example-with-hyphen.com",
  "first_last@example.travel",
  "{braces}@example.com",
  `${"a".repeat(64)}@example.com`,
];

const UNDELIVERABLE = [
  "",
  "plainaddress",
  "@example.com",
  "user@",
  "user@@example.com",
  "user@exa@mple.com",
  "user name@example.com",
  "user@exam ple.com",
  ".user@example.com",
  "user.@example.com",
  "us..er@example.com",
  "user@localhost",
  "user@example",
  "user@-example.com",
  "user@example-.com",
  "user@example..com",
  "user@.example.com",
  "user@example.com.",
  "user@example.c",
  "user@example.123",
  "user@[192.168.0.1]",
  '"quoted"@example.com',
  "user\u0000@example.com",
  "user@exa\tmple.com",
  "user\n@example.com",
  "usér@example.com",
  "user@example.com>",
  "<user@example.com>",
  `${"a".repeat(65)}@example.com`,
  `user@${"a".repeat(64)}.com`,
  `${"a".repeat(60)}@${`${"b".repeat(60)}.`.repeat(4)}com`,
];

Deno.test("accepts the addresses real address books hold", () => {
  for (const address of REAL) assert.equal(isDeliverableEmail(address), true, address);
});

Deno.test("refuses addresses no mail can be delivered to", () => {
  for (const address of UNDELIVERABLE) assert.equal(isDeliverableEmail(address), false, JSON.stringify(address));
});
