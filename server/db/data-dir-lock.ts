import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite is one process with one connection: two processes on the same folder would corrupt it.
 * A lock file holding the owner's pid turns that mistake into a clear error; a lock left by a
 * process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, "gleam.lock");
  const pid = String(process.pid);
  try {
    writeFileSync(lockPath, pid, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number(readFileSync(lockPath, "utf8"));
    if (owner && owner !== process.pid && isRunning(owner)) {
      throw new Error(
        `The database folder ${dataDir} is in use by process ${owner}: PGlite allows one process at a time. Stop that process first.`,
      );
    }
    writeFileSync(lockPath, pid);
  }
  return () => {
    try {
      if (readFileSync(lockPath, "utf8") === pid) rmSync(lockPath);
    } catch {
      // already gone
    }
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
