/**
 * What a parser returns instead of throwing: the value, or every problem found, each naming the
 * field (`line_items[2].quantity`) and saying in plain words what is wrong with it.
 */
import type { z } from "zod";

export type Problem = { path: string; message: string };

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export function parsed<T>(value: T): ParseResult<T> {
  return { ok: true, value };
}

export function failed<T = never>(...problems: Problem[]): ParseResult<T> {
  return { ok: false, problems };
}

/** `["line_items", 2, "quantity"]` -> `line_items[2].quantity`; the root is "(order)". */
function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text || "(order)";
}

const EXPECTED_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

/** A short, plain description of a JSON value: `text "abc"`, `the number 5`, `a list`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "string":
      return `text ${JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}...` : value)}`;
    case "number":
      return `the number ${value}`;
    case "boolean":
      return String(value);
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Turns zod's issues into problems a person can act on, looking at the input for what was there. */
export function problemsFromZod(error: z.ZodError, input: unknown): Problem[] {
  return error.issues.map((issue) => {
    const path = formatPath(issue.path);
    const value = valueAt(input, issue.path);
    if (value === undefined && issue.path.length > 0) return { path, message: "is missing" };
    if (issue.code === "invalid_type") {
      const expected = EXPECTED_WORDS[issue.expected] ?? issue.expected;
      return { path, message: `must be ${expected} (got ${describeValue(value)})` };
    }
    return { path, message: `${issue.message} (got ${describeValue(value)})` };
  });
}
