import * as TWIN from "../../../simulators/hypersku/statuses";
import {
  describeHyperskuStatus,
  getHyperskuStatusRow,
  HYPERSKU_PHASES,
  HYPERSKU_STATUS,
  HYPERSKU_STATUSES,
  isBeforeShipping,
  isFinalStatus,
} from "./hypersku-status";

describe("describeHyperskuStatus", () => {
  it("prefers HyperSKU's own description, then the public name", () => {
    expect(describeHyperskuStatus(4, "Shipped out")?.name).toBe("Shipped out");
    expect(describeHyperskuStatus(4, null)).toMatchObject({ name: "Shipping", tone: "success" });
    expect(describeHyperskuStatus(1)?.meaning).toMatch(/pay HyperSKU/);
  });

  it("names unknown codes plainly and returns null without a code", () => {
    expect(describeHyperskuStatus(42)?.name).toBe("HyperSKU status 42");
    expect(describeHyperskuStatus(null)).toBeNull();
  });

  it("knows which states still allow changes and which are final", () => {
    expect([8, 1, 9, 2, 3].every(isBeforeShipping)).toBe(true);
    expect([4, 14, 5].some(isBeforeShipping)).toBe(false);
    expect(isFinalStatus(6)).toBe(true);
    expect(isFinalStatus(14)).toBe(false);
  });
});

describe("the status table against the HyperSKU twin", () => {
  const phaseOf = (code: number) => HYPERSKU_PHASES.indexOf(getHyperskuStatusRow(code)!.phase);

  it("has one row per state the twin knows, with the same code and name", () => {
    expect(HYPERSKU_STATUSES.map((row) => row.code).sort((a, b) => a - b)).toEqual(Object.values(TWIN.STATUS).sort((a, b) => a - b));
    expect(new Set(HYPERSKU_STATUSES.map((row) => row.code)).size).toBe(HYPERSKU_STATUSES.length);
    for (const row of HYPERSKU_STATUSES) {
      expect(TWIN.STATUS[row.key], row.key).toBe(row.code);
      expect(TWIN.statusName(row.code), row.key).toBe(row.name);
    }
  });

  it("allows changes in exactly the states the twin accepts them in", () => {
    const changeable = HYPERSKU_STATUSES.filter((row) => row.beforeShipping).map((row) => row.code);
    expect(new Set(changeable)).toEqual(TWIN.CHANGEABLE_STATUSES);
  });

  it("orders its phases as the twin's normal path runs, with the states off that path as problems", () => {
    for (const row of HYPERSKU_STATUSES) expect(TWIN.pathRank(row.code) === undefined, row.key).toBe(row.phase === "problem");
    const onPath = HYPERSKU_STATUSES.filter((row) => row.phase !== "problem").sort(
      (a, b) => TWIN.pathRank(a.code)! - TWIN.pathRank(b.code)!,
    );
    const phases = onPath.map((row) => HYPERSKU_PHASES.indexOf(row.phase));
    expect(phases).toEqual([...phases].sort((a, b) => a - b));
    for (const row of HYPERSKU_STATUSES) expect(TWIN.isShipped(row.code), row.key).toBe(row.phase === "shipped");
  });

  it("never moves backwards through the phases as the twin advances an order, and ends closed", () => {
    for (const split of [false, true]) {
      const visited: number[] = [];
      for (let code: number | null = TWIN.STATUS.pendingSourcing; code !== null; code = TWIN.nextStatus(code, split)) visited.push(code);
      expect(visited.map(phaseOf)).toEqual([...visited.map(phaseOf)].sort((a, b) => a - b));
      expect(visited.at(-1)).toBe(HYPERSKU_STATUS.closed);
    }
    for (const row of HYPERSKU_STATUSES) {
      const next = TWIN.nextStatus(row.code, false);
      if (next !== null && row.phase !== "problem") expect(phaseOf(next), row.key).toBeGreaterThanOrEqual(phaseOf(row.code));
      if (row.phase === "problem") expect(next, row.key).toBe(HYPERSKU_STATUS.closed);
    }
  });

  it("stops polling exactly at the final states, which the twin only closes", () => {
    for (const row of HYPERSKU_STATUSES) {
      expect(row.pollEveryMs === null, row.key).toBe(row.final);
      if (row.final) expect([HYPERSKU_STATUS.closed, null], row.key).toContain(TWIN.nextStatus(row.code, false));
    }
    expect(TWIN.nextStatus(HYPERSKU_STATUS.closed, false)).toBeNull();
  });
});
