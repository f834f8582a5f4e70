import { spawnSync } from "node:child_process";
import { parseDemoOptions } from "./options";

/** The demo as `npm run demo -- ...args` starts it; a bad option must stop it before anything starts. */
function runDemo(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/demo.ts", ...args], { encoding: "utf8", timeout: 30_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the demo's options", () => {
  it("reads --speed as the pace: 2 is twice as fast, 0.5 half as fast", () => {
    expect(parseDemoOptions(["--speed", "2"])).toMatchObject({ ok: true, options: { speed: 2 } });
    expect(parseDemoOptions(["--speed=0.5"])).toMatchObject({ ok: true, options: { speed: 0.5 } });
    expect(parseDemoOptions([])).toEqual({
      ok: true,
      options: { orders: 10, speed: 1, port: 3000, dataDir: ".demo", build: true, exit: false },
    });
    expect(parseDemoOptions(["--exit", "--no-build", "--orders", "6"])).toMatchObject({
      ok: true,
      options: { exit: true, build: false, orders: 6 },
    });
  });

  it.each([
    [["--speed", "fast"], '--speed must be a number from 0.1 to 100, not "fast"'],
    [["--speed", "0"], '--speed must be a number from 0.1 to 100, not "0"'],
    [["--speed=-2"], '--speed must be a number from 0.1 to 100, not "-2"'],
    [["--speed", "-2"], "Option '--speed' argument is ambiguous"],
    [["--speed="], '--speed must be a number from 0.1 to 100, not ""'],
    [["--orders", "3"], '--orders must be a whole number from 6 to 200, not "3"'],
    [["--orders", "7.5"], '--orders must be a whole number from 6 to 200, not "7.5"'],
    [["--port", "http"], '--port must be a whole number from 1 to 65535, not "http"'],
    [["--sped", "2"], "Unknown option '--sped'"],
    [["--keep-running"], "Unknown option '--keep-running'"],
    [["extra"], "Unexpected argument 'extra'"],
    [["--speed"], "Option '--speed <value>' argument missing"],
  ])("refuses %j: %s", (args, error) => {
    expect(parseDemoOptions(args)).toEqual({ ok: false, help: false, error });
  });

  it("stops with exit code 2 and a sentence naming the option, no stack trace, before starting anything", () => {
    for (const args of [["--speed", "fast"], ["--colour"]]) {
      const { code, stdout, stderr } = runDemo(...args, "--data-dir", "/nonexistent/must-not-be-created");
      expect(code, stderr).toBe(2);
      expect(stderr).toMatch(/^demo: --(speed must be a number|colour)|^demo: Unknown option '--colour'/);
      expect(stderr).toContain("usage: npm run demo -- [options]");
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stdout).toBe("");
    }
  });

  it("prints its usage for --help and exits 0", () => {
    const { code, stdout } = runDemo("--help");
    expect(code).toBe(0);
    expect(stdout).toContain("--speed S");
  });
});
