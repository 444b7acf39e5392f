/**
 * The files of a kept state as the file system names them (`DIR/state.sqlite` and the `-wal` and
 * `-shm` files SQLite keeps beside it): whether a path still names the file the connection opened,
 * checked before each commit, and the files a database left behind when it was removed or renamed,
 * refused at start (docs/service.md, "State"). Imports node:fs and kept-state.ts only; used by
 * sqlite-state.ts.
 *
 * In WAL mode SQLite goes on writing to a database file that was removed or renamed while open,
 * with no error (its check of a moved file, SQLITE_READONLY_DBMOVED, is for rollback journals, and
 * the file control that asks it, SQLITE_FCNTL_HAS_MOVED, is not reachable from better-sqlite3): an
 * answered write would then be in a file no one will open again. So each commit compares the
 * device and inode of the files at the paths with those recorded at open.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { StateWriteError } from './kept-state';

/** A file's device and inode (bigint: an inode number may pass 2^53, on xfs or btrfs). */
interface Identity {
  readonly dev: bigint;
  readonly ino: bigint;
}

/** The identity of the file at `path`, or undefined when nothing is there. */
function identityOf(path: string): Identity | undefined {
  const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stat === undefined ? undefined : { dev: stat.dev, ino: stat.ino };
}

/** Whether `path` names the file `identity` (one stat: a few microseconds, against a commit's milliseconds). */
function names(path: string, identity: Identity): boolean {
  const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stat !== undefined && stat.ino === identity.ino && stat.dev === identity.dev;
}

/** The files of an open state whose paths are checked before each commit. */
export interface HeldFiles {
  /**
   * Throws {@link StateWriteError} when a path no longer names the file opened there (removed,
   * renamed, or another file put in its place); called inside the write's transaction, so that
   * the throw rolls it back.
   */
  check(): void;
}

/**
 * Records the files at `paths` (the database, then its WAL) as the open connection has them;
 * a path with no file yet (a WAL not yet made) is not checked. `report` hears when the files stop
 * being, or are again, those opened (once each time it changes).
 */
export function holdFiles(paths: readonly string[], report: (message: string) => void = () => undefined): HeldFiles {
  const held = paths.flatMap((path) => {
    const identity = identityOf(path);
    return identity === undefined ? [] : [{ path, identity }];
  });
  let refusing: string | undefined; // the path that stopped naming its file, while writes are refused
  return {
    check() {
      const moved = held.find((f) => !names(f.path, f.identity));
      if (moved === undefined) {
        if (refusing !== undefined) report(`${refusing} is the file opened again: writes go through again`);
        refusing = undefined;
        return;
      }
      const message = `${moved.path} is no longer the file this server opened (removed or renamed while serving): every write is refused (503) until that same file is back at its path; reads are answered from memory`;
      if (refusing !== moved.path) report(message);
      refusing = moved.path;
      throw new StateWriteError(message);
    },
  };
}

/** The files SQLite keeps beside a database `path`, which belong to it alone. */
const COMPANIONS = ['-wal', '-shm'] as const;

/**
 * Refuses a state folder whose database is missing but one of its companion files is there: the
 * database was removed or renamed (a server that notices it writes nothing more, and leaves the
 * WAL, which may hold its last writes). Starting from the world there would silently drop the
 * state, and a new database beside that WAL would be read through it.
 */
export function refuseOrphans(path: string): void {
  if (existsSync(path)) return;
  const orphan = COMPANIONS.map((suffix) => `${path}${suffix}`).find((file) => existsSync(file));
  if (orphan === undefined) return;
  const name = basename(path);
  throw new Error(
    `${dirname(path)} holds ${basename(orphan)} but no ${name}: the database was removed or renamed, and its last writes may be in ${basename(orphan)}. ` +
      `Put the same file back as ${path} (a renamed one) and start again; or, to restore a backup there, remove ${name}-wal and ${name}-shm first; ` +
      'or remove the directory to start afresh from the world. Nothing was changed',
  );
}
