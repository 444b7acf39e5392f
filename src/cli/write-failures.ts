/**
 * Why a file or folder cannot be written, by Node's error code, as the end of a plain sentence
 * (never a raw errno message): the reasons every command shares, then the command's own for the
 * codes that mean something particular to it (a folder named where a file is wanted, and so on).
 * May import: nothing.
 */

/** The reasons of the codes that mean the same whatever is written. */
const SHARED: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  ENAMETOOLONG: 'the name is too long',
};

/** The reason for `code`: the command's own (`own`) first, then the shared ones, else a plain "could not be written". */
export function writeFailureReason(code: string | undefined, own: Readonly<Record<string, string>>): string {
  if (code === undefined) return 'it could not be written';
  return own[code] ?? SHARED[code] ?? 'it could not be written';
}
