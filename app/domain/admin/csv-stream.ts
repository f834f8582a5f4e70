/**
 * An export as a stream of CSV bytes (csv.ts), read a page at a time and only as fast as the
 * client takes it (the stream pulls the next page when its reader asks for more), so memory holds
 * a page however large the shop.
 *
 * Before each page the stream waits for the event loop's next turn (setImmediate). Reading a page
 * from SQLite is synchronous (better-sqlite3) and Prisma's client engine resolves it through
 * promises alone, so without that wait a whole export runs as one chain of microtasks and no
 * webhook, page or health check is answered until it ends.
 *
 * The shop's export slot (export-slots.ts) is taken here and given back however the stream ends:
 * read to the end, failed, or abandoned by a client that went away.
 */
import { csvLine, type CsvValue } from "./csv";
import { takeExportSlot, type SlotRefusal } from "./export-slots";

export type CsvExport<Row> = {
  header: readonly string[];
  /** The rows in pages; started only once the export has its slot. */
  pages: () => AsyncIterator<readonly Row[], unknown, undefined>;
  cells: (row: Row) => readonly CsvValue[];
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function openCsvExport<Row>(
  shop: string,
  { header, pages, cells }: CsvExport<Row>,
): { ok: true; body: ReadableStream<Uint8Array> } | SlotRefusal {
  const taken = takeExportSlot(shop);
  if (!taken.ok) return taken;
  const { slot } = taken;
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<readonly Row[], unknown, undefined> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte order mark: Excel then reads the file as UTF-8 (names with accents).
      controller.enqueue(encoder.encode(`\ufeff${csvLine(header)}`));
    },
    async pull(controller) {
      slot.touch();
      try {
        await nextTurn();
        iterator ??= pages();
        const next = await iterator.next();
        if (next.done) {
          slot.release();
          return controller.close();
        }
        controller.enqueue(encoder.encode(next.value.map((row) => csvLine(cells(row))).join("")));
      } catch (error) {
        slot.release();
        throw error;
      }
    },
    async cancel() {
      slot.release();
      await iterator?.return?.(undefined);
    },
  });
  return { ok: true, body };
}
