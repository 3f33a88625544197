import assert from "node:assert/strict";
import { keywordOf } from "./keywords.ts";

Deno.test("keywords are read in any case with surrounding spaces ignored", () => {
  for (const word of ["STOP", "stop", " Stop ", "STOPALL", "unsubscribe", "Cancel", "end", "QUIT\n"]) {
    assert.equal(keywordOf(word), "stop", word);
  }
  for (const word of ["START", "yes", " Unstop"]) assert.equal(keywordOf(word), "start", word);
  assert.equal(keywordOf("help"), "help");
  assert.equal(keywordOf(" c "), "confirm");
  assert.equal(keywordOf("Confirm."), "confirm");
  assert.equal(keywordOf("r"), "manage");
});

Deno.test("a sentence with a keyword in it is a message for the office", () => {
  assert.equal(keywordOf("can you come after 2?"), null);
  assert.equal(keywordOf("stop by at 3 please"), null);
  assert.equal(keywordOf(""), null);
});
