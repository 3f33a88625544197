const GRAPHEMES = new Intl.Segmenter("en-US", { granularity: "grapheme" });

/**
 * The text's letters as a reader counts them, to cut or pick from: a letter outside the BMP or an emoji is one, never
 * half of one (a lone surrogate is no text; Postgres refuses it in JSON), and a combining accent stays with its letter.
 */
export const letters = (text: string): string[] => Array.from(GRAPHEMES.segment(text), (s) => s.segment);

/** Below U+0300 no character joins the one before it, and only CR joins the one after it (CR LF). */
const ALONE_BELOW = 0x300;

/** The text's first letter as letters() counts it ("" for none), without segmenting the rest of the text. */
export function firstLetter(text: string): string {
  // Most names start with two such characters: their first is a whole letter, with no segmenter to run.
  const [first, next] = [text.charCodeAt(0), text.charCodeAt(1)];
  const nextIsAlone = Number.isNaN(next) || next < ALONE_BELOW; // NaN: the text is one character long
  if (first < ALONE_BELOW && first !== 0x0d && nextIsAlone) return text.charAt(0);
  return GRAPHEMES.segment(text)[Symbol.iterator]().next().value?.segment ?? "";
}
