import { openCsvExport } from "./csv-stream";
import { EXPORT_BUSY_FOR_SHOP } from "./export-slots";

const SHOP = "stream-shop.myshopify.com";
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** `count` pages of two rows each; `events` records each page read. */
function pagesOf(count: number, events: string[], failAt?: number) {
  return async function* pages() {
    for (let page = 1; page <= count; page++) {
      if (page === failAt) throw new Error("the database went away");
      events.push(`page ${page}`);
      yield [{ n: page * 10 + 1 }, { n: page * 10 + 2 }];
    }
  };
}

function open(pages: () => AsyncGenerator<{ n: number }[]>) {
  const opened = openCsvExport(SHOP, { header: ["N", "Label"], pages, cells: (row) => [row.n, `=row ${row.n}`] });
  if (!opened.ok) throw new Error(opened.message);
  return opened.body;
}

async function readAll(body: ReadableStream<Uint8Array>) {
  let text = "";
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
  return text;
}

describe("CSV export stream", () => {
  it("writes a byte order mark, the header and every page's rows through the shared writer", async () => {
    const text = await readAll(open(pagesOf(2, [])));
    expect(text).toBe('\ufeff"N","Label"\r\n"11","\'=row 11"\r\n"12","\'=row 12"\r\n"21","\'=row 21"\r\n"22","\'=row 22"\r\n');
  });

  it("lets the event loop take a turn before each page, so the rest of the process is answered meanwhile", async () => {
    const events: string[] = [];
    const body = open(pagesOf(3, events));
    // Something else the process has to do, in a turn of the event loop of its own each time.
    let reading = true;
    const otherWork = () => {
      events.push("other work");
      if (reading) setImmediate(otherWork);
    };
    setImmediate(otherWork);
    await readAll(body).finally(() => (reading = false));
    const pages = events.flatMap((event, index) => (event.startsWith("page") ? [index] : []));
    expect(pages).toHaveLength(3);
    for (let i = 1; i < pages.length; i++) expect(events.slice(pages[i - 1], pages[i])).toContain("other work");
  });

  it("reads ahead of its reader by one page at most", async () => {
    const events: string[] = [];
    const reader = open(pagesOf(100, events)).getReader();
    await reader.read(); // the header
    await reader.read(); // page 1
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(["page 1", "page 2"]);
    await reader.cancel();
  });

  it("holds the shop's export slot until the stream ends, fails or is cancelled", async () => {
    const first = open(pagesOf(2, []));
    expect(openCsvExport(SHOP, { header: [], pages: pagesOf(1, []), cells: () => [] })).toMatchObject({
      ok: false,
      message: EXPORT_BUSY_FOR_SHOP,
    });
    await readAll(first);

    const failing = open(pagesOf(3, [], 2));
    await expect(readAll(failing)).rejects.toThrow("the database went away");

    const cancelled = open(pagesOf(3, [])).getReader();
    await cancelled.read();
    await cancelled.cancel();

    await readAll(open(pagesOf(1, [])));
  });
});
