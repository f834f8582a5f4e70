// package.json's start and worker scripts are the one place the processes' memory settings live
// (docs/decisions/0023): the demo and the benchmark read them through this parser.
import { describe, expect, it } from "vitest";
import { launchSettingsOf, parseLaunchCommand } from "./launch-settings";

describe("launch settings", () => {
  it("splits environment assignments from node flags and drops the file", () => {
    expect(parseLaunchCommand("A=1 B_C=x node --max-old-space-size=48 --flag server.js")).toEqual({
      env: { A: "1", B_C: "x" },
      nodeFlags: ["--max-old-space-size=48", "--flag"],
    });
    expect(parseLaunchCommand("node worker.js")).toEqual({ env: {}, nodeFlags: [] });
  });

  it("refuses what it cannot read rather than starting a process differently", () => {
    expect(() => parseLaunchCommand("tsx server.ts")).toThrow(/not a node command/);
    expect(() => parseLaunchCommand("cross-env A=1 node server.js")).toThrow(/neither an environment assignment nor node/);
  });

  it("reads the web and worker settings that were chosen by measurement", () => {
    const web = launchSettingsOf("start");
    const worker = launchSettingsOf("worker");
    for (const settings of [web, worker]) {
      // glibc keeps two malloc arenas, and returns large freed blocks at once.
      expect(settings.env).toMatchObject({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "65536" });
      expect(settings.nodeFlags.some((flag) => flag.startsWith("--max-old-space-size="))).toBe(true);
    }
    const oldSpace = (flags: string[]) => Number(flags.find((flag) => flag.startsWith("--max-old-space-size="))!.split("=")[1]);
    // The worker holds no admin UI and its send path is lean: a smaller heap than the web process's.
    expect(oldSpace(worker.nodeFlags)).toBeLessThan(oldSpace(web.nodeFlags));
  });
});
