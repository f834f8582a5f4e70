/**
 * How `npm start` and `npm run worker` start the app's processes: the memory settings chosen by
 * measurement (docs/decisions/0023-heap-limits.md), written once, in package.json's scripts, as
 * environment assignments before `node` and node flags after it. The demo and the benchmark read
 * them from there, so they run the processes exactly as deployed.
 */
import fs from "node:fs";

export type LaunchSettings = {
  /** Environment the process starts with (glibc's malloc settings: they only work from the start). */
  env: Record<string, string>;
  /** Node and V8 flags (heap limits), before the script's file. */
  nodeFlags: string[];
};

/** Splits `A=1 B=2 node --x --y file.js` into its assignments and its flags. */
export function parseLaunchCommand(command: string): LaunchSettings {
  const words = command.trim().split(/\s+/);
  const nodeAt = words.indexOf("node");
  if (nodeAt < 0) throw new Error(`not a node command: ${command}`);
  const env: Record<string, string> = {};
  for (const word of words.slice(0, nodeAt)) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (!match) throw new Error(`"${word}" in "${command}" is neither an environment assignment nor node`);
    env[match[1]] = match[2];
  }
  return { env, nodeFlags: words.slice(nodeAt + 1).filter((word) => word.startsWith("--")) };
}

export function launchSettingsOf(script: "start" | "worker"): LaunchSettings {
  const command: unknown = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts?.[script];
  if (typeof command !== "string") throw new Error(`package.json has no "${script}" script`);
  return parseLaunchCommand(command);
}
