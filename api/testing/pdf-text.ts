import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";

/**
 * The text a PDF of ours draws, page after page, as a reader sees it: pdf-lib writes each line with the standard
 * fonts' WinAnsi codes as one hex string (`<...> Tj`), which this decodes (Latin-1 covers the Spanish letters).
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const code = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
      for (const [, hex] of code.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        const chars = hex!.match(/../g) ?? [];
        lines.push(new TextDecoder("windows-1252").decode(new Uint8Array(chars.map((h) => parseInt(h, 16)))));
      }
    }
  }
  return lines.join("\n");
}
