/**
 * The per-workbook store: custom XML parts saved inside the workbook (so they travel with the
 * file), in our own namespace. Large stores are split across parts sized in bytes as they travel:
 * the text XML-escaped, then sent as a JSON string, in UTF-8 (a company name with "&" costs five
 * bytes for it, a quote two, an accent two). Each part is written and read back in its own sync,
 * so no request or answer nears Excel on the web's 5 MB payload limit.
 */
import type { WorkbookStore } from "@ukco/core/cache/snapshot";
import { OPERATION_BYTES, SYNC_BUDGET_BYTES } from "@ukco/core/sync-budget";

export const STORE_NAMESPACE = "urn:ukco-addin:store:1";
/** Bytes of a part's request at most: the budget less the operation and the part's own element. */
export const PART_BYTES = SYNC_BUDGET_BYTES - OPERATION_BYTES - 200;

/** What one character of the store's text costs in a part's request: XML-escaped, in a JSON string, UTF-8. */
function sentBytes(code: number): number {
  if (code === 0x26) return 5; // &amp;
  if (code === 0x3c || code === 0x3e) return 4; // &lt; &gt;
  if (code === 0x22 || code === 0x5c) return 2; // \" \\
  if (code < 0x20) return code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 2 : 6;
  if (code < 0x80) return 1;
  return code < 0x800 ? 2 : 3;
}

/** The store's text cut into parts whose requests are each at most `budget` bytes (a surrogate pair is never cut). */
export function partsOf(text: string, budget = PART_BYTES): string[] {
  const parts: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const cost = pair ? 4 : sentBytes(code);
    if (bytes + cost > budget && i > start) {
      parts.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += cost;
    if (pair) i++;
  }
  parts.push(text.slice(start));
  return parts;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** `generation` tells the parts of one save from those of another (a save interrupted half-way). */
export function partXml(chunk: string, seq: number, count: number, generation: number): string {
  return `<store xmlns="${STORE_NAMESPACE}" gen="${generation}" seq="${seq}" count="${count}">${escapeXml(chunk)}</store>`;
}

interface Part {
  generation: number;
  seq: number;
  count: number;
  text: string;
}

function readPart(xml: string): Part | undefined {
  const match = /<store\b[^>]*\bgen="(\d+)"[^>]*\bseq="(\d+)"[^>]*\bcount="(\d+)"[^>]*>([\s\S]*)<\/store>\s*$/.exec(
    xml,
  );
  return match
    ? { generation: Number(match[1]), seq: Number(match[2]), count: Number(match[3]), text: unescapeXml(match[4]!) }
    : undefined;
}

/** The text of the newest complete save; undefined when there is none. */
export function joinParts(xmls: readonly string[]): string | undefined {
  const byGeneration = new Map<number, Part[]>();
  for (const part of xmls.map(readPart)) {
    if (part) byGeneration.set(part.generation, [...(byGeneration.get(part.generation) ?? []), part]);
  }
  const generations = [...byGeneration.keys()].sort((a, b) => b - a);
  for (const generation of generations) {
    const parts = byGeneration.get(generation)!.sort((a, b) => a.seq - b.seq);
    if (parts.every((p, i) => p.seq === i && p.count === parts.length)) return parts.map((p) => p.text).join("");
  }
  return undefined;
}

export const customXmlStore: WorkbookStore = {
  async load() {
    return Excel.run(async (context) => {
      const parts = context.workbook.customXmlParts.getByNamespace(STORE_NAMESPACE);
      parts.load("items");
      await context.sync();
      // Each part in its own sync, as each was saved: all of a large store in one answer would pass
      // the 5 MB an answer may carry on the web, and the store could not be read back at all.
      const xmls: string[] = [];
      for (const part of parts.items) {
        const xml = part.getXml();
        await context.sync();
        xmls.push(xml.value);
      }
      return joinParts(xmls);
    });
  },
  async save(text) {
    await Excel.run(async (context) => {
      const existing = context.workbook.customXmlParts.getByNamespace(STORE_NAMESPACE);
      existing.load("items");
      await context.sync();
      const chunks = partsOf(text);
      // Write the new parts first and delete the old ones last, so a failure leaves the old store whole.
      const generation = Date.now();
      for (let i = 0; i < chunks.length; i++) {
        context.workbook.customXmlParts.add(partXml(chunks[i]!, i, chunks.length, generation));
        await context.sync();
        // A host may answer a sync without leaving the event loop: give cells their turn between parts.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      for (const part of existing.items) part.delete();
      await context.sync();
    });
  },
};
