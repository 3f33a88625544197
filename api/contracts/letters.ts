const GRAPHEMES = new Intl.Segmenter("en-US", { granularity: "grapheme" });

/**
 * The text's letters as a reader counts them, to cut or pick from: a letter outside the BMP or an emoji is one, never
 * half of one (a lone surrogate is no text; Postgres refuses it in JSON), and a combining accent stays with its letter.
 */
export const letters = (text: string): string[] => Array.from(GRAPHEMES.segment(text), (s) => s.segment);

/** The text's first letter as letters() counts it ("" for none), without segmenting the rest of the text. */
export const firstLetter = (text: string): string =>
  GRAPHEMES.segment(text)[Symbol.iterator]().next().value?.segment ?? "";
