import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { sfntFromWoff } from "./sfnt-font";

// The shop's printed documents (invoices, credit notes, packing slips) as one PDF each: A4, the
// shop's typeface embedded from the @fontsource/inter package (nothing fetched), a page per
// document.

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff");
const FONT_BOLD = require.resolve("@fontsource/inter/files/inter-latin-700-normal.woff");

/** The two faces as TrueType, read once per process (server/invoices/sfnt-font.ts). */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function shopFonts() {
  fonts ??= {
    regular: sfntFromWoff(readFileSync(FONT_REGULAR)),
    bold: sfntFromWoff(readFileSync(FONT_BOLD)),
  };
  return fonts;
}

export const PDF_COLOURS = { ink: "#0f172a", muted: "#475569", line: "#cbd5e1" } as const;

/** Turns given to the event loop while a long PDF is drawn: one after every page. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A PDF with a page for each of `pages`, drawn by `draw` (fonts "regular" and "bold"). A year of
 * invoices is thousands of pages: the process gives the event loop a turn after each, so the
 * other requests it serves (a health check, a shopper's page) are answered meanwhile.
 */
export async function shopPdf<T>(
  pages: readonly T[],
  info: { title: string; author: string },
  draw: (pdf: PDFKit.PDFDocument, page: T) => void,
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: 50,
    autoFirstPage: false,
    info: { Title: info.title, Author: info.author },
  });
  const { regular, bold } = shopFonts();
  pdf.registerFont("regular", regular);
  pdf.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  for (const page of pages) {
    pdf.addPage();
    draw(pdf, page);
    await nextTurn();
  }
  pdf.end();
  return done;
}
