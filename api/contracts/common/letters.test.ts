import assert from "node:assert/strict";
import { firstLetter, letters } from "./letters.ts";

Deno.test("firstLetter is letters()'s first, for every pair of characters its shortcut reads", () => {
  // Every character below U+0300, then what could follow it: nothing, the same range, a combining accent, a joiner,
  // a variation selector, a line feed (CR LF is one letter), half of a letter outside the BMP.
  const followers = ["", "a", "\u00ff", "\u02ff", "\u0300", "\u0301", "\u200d", "\ufe0f", "\n", "\ud801\udc00"];
  for (let code = 0; code < 0x300; code++) {
    for (const after of followers) {
      const text = String.fromCharCode(code) + after + "x";
      assert.equal(firstLetter(text), letters(text)[0], `U+${code.toString(16)} then ${JSON.stringify(after)}`);
    }
  }
  for (const text of ["", "E\u0301mile", "\ud801\udc00bc", "\u0301a", "\r\nx", "👩‍🔧 Ruth"]) {
    assert.equal(firstLetter(text), letters(text)[0] ?? "", JSON.stringify(text));
  }
});
