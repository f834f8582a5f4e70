/**
 * Keeps the simulator's state in a JSON file so the local demo survives a restart. Writes are
 * debounced (at most one per interval, the latest state wins) and atomic (temporary file, then rename),
 * so a crash mid-write never leaves half a file; `close()` flushes what is pending.
 */
import fs from "node:fs";
import path from "node:path";
import type { RuntimeOptions } from "./options";
import type { SimulatorState } from "./state";

export interface PersistedSimulator {
  version: 1;
  options: RuntimeOptions;
  state: SimulatorState;
}

/** Returns the saved simulator, undefined when the file does not exist; throws naming the file when unreadable. */
export function loadStateFile(file: string): PersistedSimulator | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`HyperSKU simulator state file ${file} is not valid JSON; delete it to start empty`);
  }
  const saved = parsed as Partial<PersistedSimulator> | null;
  if (!saved || saved.version !== 1 || !saved.state || !Array.isArray(saved.state.orders)) {
    throw new Error(`HyperSKU simulator state file ${file} has an unknown format; delete it to start empty`);
  }
  return saved as PersistedSimulator;
}

export class StateWriter {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => PersistedSimulator,
    private readonly intervalMs = 100,
  ) {}

  markDirty(): void {
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(this.snapshot()));
    fs.renameSync(temporary, this.file);
  }

  /** Writes pending changes, if any, and stops the timer. */
  close(): void {
    if (this.timer) this.flush();
  }
}
