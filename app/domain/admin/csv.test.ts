import { csvField, csvLine } from "./csv";

/** How a spreadsheet that splits on `sep` (and honours quotes, as they all do) reads a line. */
function splitAs(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === sep) {
      cells.push(cell);
      cell = "";
    } else if (quoted || (char !== "\r" && char !== "\n")) {
      cell += char;
    }
  }
  return [...cells, cell];
}

describe("CSV writer", () => {
  it("quotes every cell, doubles quotes and ends lines with CRLF", () => {
    expect(csvLine(["#1001", "Lyon, France", 'Mug "Blue"', "two\nlines", 3, null])).toBe(
      '"#1001","Lyon, France","Mug ""Blue""","two\nlines","3",""\r\n',
    );
  });

  it("keeps a cell whole in a spreadsheet that splits on ; or tabs, so no part of it runs as a formula", () => {
    const line = csvLine(["Bob;=1+1", "Ann\t=2+2", "#1002"]);
    for (const sep of [",", ";", "\t"]) expect(splitAs(line, sep).filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    expect(splitAs(line, ",")).toEqual(["Bob;=1+1", "Ann\t=2+2", "#1002"]);
  });

  it("turns a text that a spreadsheet would run as a formula into plain text, full-width forms too", () => {
    for (const formula of ['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "＝1+1", "＋1", "－1", "＠SUM(A1)"]) {
      expect(csvField(formula)).toMatch(/^"'/);
    }
    expect(csvField("=1,2")).toBe(`"'=1,2"`);
    expect(csvField("#1001")).toBe(`"#1001"`);
    expect(csvField("Bob =1")).toBe(`"Bob =1"`);
    expect(csvField("")).toBe(`""`);
    expect(csvField(undefined)).toBe(`""`);
  });

  it("keeps numbers numbers: negative ones, and texts that are plain decimals", () => {
    expect(csvField(-5)).toBe(`"-5"`);
    expect(csvField("-5.00")).toBe(`"-5.00"`);
    expect(csvField("-5.00e3")).toBe(`"'-5.00e3"`);
    expect(csvField(Number.NaN)).toBe(`""`);
  });
});
