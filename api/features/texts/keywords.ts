import {
  CONFIRM_KEYWORDS,
  HELP_KEYWORDS,
  MANAGE_KEYWORDS,
  START_KEYWORDS,
  STOP_KEYWORDS,
} from "../../contracts/texts/texts.ts";

export type Keyword = "stop" | "start" | "help" | "confirm" | "manage";

const KEYWORDS: [readonly string[], Keyword][] = [
  [STOP_KEYWORDS, "stop"],
  [START_KEYWORDS, "start"],
  [HELP_KEYWORDS, "help"],
  [CONFIRM_KEYWORDS, "confirm"],
  [MANAGE_KEYWORDS, "manage"],
];

/**
 * The keyword a text is, if it is one: the whole text, in any case, surrounding spaces (and a closing full stop or
 * exclamation mark, as phones add) ignored. "Stop texting me at 6" is a message for the office, not a keyword.
 */
export function keywordOf(body: string): Keyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, "")
    .trim()
    .toUpperCase();
  for (const [words, keyword] of KEYWORDS) if (words.includes(word)) return keyword;
  return null;
}
