/**
 * The board's files are its user's alone (issue 71, ADR 64): the embedded database's WAL holds session tokens, password
 * hashes and CVs, and PGlite creates its files 0666 and folders 0777 less the umask, so a shell's usual 0022 let every
 * local user read them.
 */
import fs from "node:fs";
import path from "node:path";
import { StartupError } from "#server/startup-error.ts";

/** The bits that let anyone but the owner read, write or enter. */
const OTHERS = 0o077;

/** From here on this process (and what it spawns: pg_dump, PGlite's thread) creates files 0600 and folders 0700. */
export function keepCreatedFilesPrivate(): void {
  const before = process.umask(OTHERS);
  if ((before | OTHERS) !== OTHERS) process.umask(before | OTHERS);
}

/**
 * Creates `dir` if need be and takes away every group and other permission from it and everything under it (symbolic
 * links are left as they are, never followed). Returns how many files and folders were open to others. A tree this
 * user cannot change (another user's files) stops the start, naming the first such file.
 */
export function makeTreePrivate(dir: string, what = "DATA_DIR"): number {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let opened = 0;
  const visit = (file: string) => {
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    if (stat.mode & OTHERS) {
      try {
        fs.chmodSync(file, stat.mode & 0o7700);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new StartupError(
          `${file} in ${what} can be read by other users of this machine and this process cannot make it private (${reason}): run the board as the user that owns ${path.resolve(dir)}, or run chmod -R go= ${path.resolve(dir)}`,
        );
      }
      opened += 1;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return opened;
}

/** What the operator is told when a start found files open to others, and closed them. */
export const madePrivateMessage = (count: number, dir: string, what = "DATA_DIR") =>
  `${count} ${count === 1 ? "file or folder" : "files and folders"} in ${what} (${path.resolve(dir)}) could be read by other users of this machine; they are now private to this user (0600 files, 0700 folders)`;
