import { resolve } from 'node:path';

/**
 * Whether paths on this platform are compared without case: Windows' and macOS's default file
 * systems (NTFS, APFS) find `A.yaml` when asked for `a.yaml`, so the two name one file there.
 */
export const CASE_INSENSITIVE_PATHS = process.platform === 'win32' || process.platform === 'darwin';

/** True when `a` and `b` name the same file (both resolved; case ignored where the file system does). */
export function samePath(a: string, b: string, caseInsensitive = CASE_INSENSITIVE_PATHS): boolean {
  const [x, y] = [resolve(a), resolve(b)];
  return caseInsensitive ? x.toLowerCase() === y.toLowerCase() : x === y;
}
