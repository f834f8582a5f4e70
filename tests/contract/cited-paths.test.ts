/**
 * Every repository path a comment or a document cites exists, so a reader who follows one lands
 * somewhere (files move; their citations used to stay behind).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOTS = ["app", "docs", "tests", "scripts", "simulators", "prisma", "extensions"];
const SCANNED = [
  "app",
  "docs",
  "tests",
  "scripts",
  "simulators",
  "prisma",
  "extensions",
  "README.md",
  "DEPENDENCIES.md",
  "server.js",
  "worker.js",
];
const SKIP_DIRS = new Set(["node_modules", "dist", "build", "fixtures", "migrations"]);
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|prisma|toml)$/;

function* files(entry: string): Generator<string> {
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    if (TEXT.test(entry)) yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry)) if (!SKIP_DIRS.has(name)) yield* files(path.join(entry, name));
}

/**
 * Repository-relative paths in `text`: they start at a top-level folder and end in a file name with
 * an extension, or in a slash for a folder ("app/uninstalled", a webhook topic, is neither).
 */
export function citedPaths(text: string): string[] {
  const pattern = new RegExp(`(?<![\\w./@-])((?:${ROOTS.join("|")})/[\\w.$\\[\\]-]+(?:/[\\w.$\\[\\]-]+)*)`, "g");
  const found = new Set<string>();
  for (const match of text.matchAll(pattern)) {
    const cited = match[1].replace(/[.]+$/, "");
    const end = text[match.index + match[0].length];
    const isFile = /\.[a-z]+$/i.test(cited.split("/").pop() ?? "");
    if (!isFile && end !== "/") continue;
    // Globs, templates and placeholders name a family of files, not one.
    if (/[*<>{}]|\.\.\./.test(cited) || cited.includes("/_")) continue;
    found.add(isFile ? cited : `${cited}/`);
  }
  return [...found];
}

/** In code, what the comments say (string literals are data, such as a test's planted path); documents whole. */
function commentsOf(file: string, text: string): string {
  if (!/\.(ts|tsx|js|mjs|cjs)$/.test(file)) return text;
  return (text.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? []).join("\n");
}

describe("cited paths", () => {
  it("finds the paths a comment names, and nothing else", () => {
    expect(citedPaths("see docs/decisions/0006-storage-faults.md and app/models/ (the folder); not my/app/x.ts")).toEqual([
      "docs/decisions/0006-storage-faults.md",
      "app/models/",
    ]);
  });

  it("every path cited in the code and the docs exists", () => {
    const missing: string[] = [];
    for (const root of SCANNED) {
      if (!fs.existsSync(root)) continue;
      for (const file of files(root)) {
        if (file === path.join("tests", "contract", "cited-paths.test.ts")) continue;
        for (const cited of citedPaths(commentsOf(file, fs.readFileSync(file, "utf8")))) {
          if (!fs.existsSync(cited)) missing.push(`${file}: ${cited}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
