/**
 * A small RAM disk for storage-fault tests: the faithful way to run a database out of space (the
 * kernel's ENOSPC, wherever SQLite happens to write) and to hand a process a read-only volume.
 * Needs root (mount); tests that use it are skipped where mounting is not allowed.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

let mountable: boolean | undefined;

/** Whether this machine lets the tests mount a tmpfs (root, and a kernel that allows it here). */
export function canMountTmpfs(): boolean {
  if (mountable !== undefined) return mountable;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tmpfs-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "ignore" });
    execFileSync("umount", [dir], { stdio: "ignore" });
    mountable = true;
  } catch {
    mountable = false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return mountable;
}

export interface Tmpfs {
  dir: string;
  /** Writes a filler file until the disk is full. */
  fill(): void;
  /** Deletes the filler: space is back. */
  free(): void;
  /** Remounts read-only or read-write (read-only only while no process has a file open for writing). */
  setReadOnly(readOnly: boolean): void;
  unmount(): void;
}

export function mountTmpfs(sizeBytes: number): Tmpfs {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tmpfs-db-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeBytes},mode=0777`, "tmpfs", dir]);
  const filler = path.join(dir, "filler");
  return {
    dir,
    fill() {
      const fd = fs.openSync(filler, "a");
      const chunk = Buffer.alloc(4096, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        fs.closeSync(fd);
      }
    },
    free: () => fs.rmSync(filler, { force: true }),
    setReadOnly: (readOnly) => void execFileSync("mount", ["-o", `remount,${readOnly ? "ro" : "rw"}`, dir]),
    unmount() {
      execFileSync("umount", ["-l", dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
