import { csvField, csvLine } from "./csv";

describe("CSV writer", () => {
  it("quotes fields with commas, quotes or line breaks, and doubles quotes", () => {
    expect(csvLine(["#1001", "Lyon, France", 'Mug "Blue"', "two\nlines", 3, null])).toBe(
      '#1001,"Lyon, France","Mug ""Blue""","two\nlines",3,\r\n',
    );
  });

  it("turns a text that a spreadsheet would run as a formula into plain text", () => {
    for (const formula of ['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvField(formula).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvField("=1,2")).toBe(`"'=1,2"`);
    expect(csvField("#1001")).toBe("#1001");
    expect(csvField("")).toBe("");
    expect(csvField(-5)).toBe("-5");
    expect(csvField(Number.NaN)).toBe("");
  });
});
