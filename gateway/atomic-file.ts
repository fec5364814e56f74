/**
 * Files the gateway keeps for itself (the keys, the team's decisions without Redis): replaced
 * whole, never edited in place. A temporary file in the same folder is written, synced and renamed
 * over the old one, so a reader sees the old content or the new, never half; the mode is set on
 * the open file, so the content is never readable by others even for a moment. A reader notices a
 * change by the file's identity alone (one stat: an atomic replace always changes the inode).
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from "node:fs";
import path from "node:path";

/** Only the gateway's own user reads or writes them. */
export const PRIVATE_FILE_MODE = 0o600;

export function writeFileAtomically(file: string, text: string, mode = PRIVATE_FILE_MODE): void {
  const dir = path.dirname(file);
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}`);
  const fd = openSync(temporary, "wx", mode);
  try {
    try {
      // The umask may have narrowed the mode further; never leave it wider.
      fchmodSync(fd, mode);
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The file's stats, or undefined when there is no file. */
export function statIfPresent(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** What identifies one version of a file. */
export const versionOf = (stats: Stats | undefined) =>
  stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : "absent";
