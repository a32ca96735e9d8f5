/** A small real filesystem (tmpfs) for disk-full tests. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';

/** A tmpfs of `size` at dir/small, or undefined (with the test skipped) where mounting is refused. */
export function smallDisk(t: TestContext, dir: string, size: string): string | undefined {
  const mnt = join(dir, 'small');
  mkdirSync(mnt);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mnt], { stdio: 'ignore' });
    return mnt;
  } catch {
    t.skip('cannot mount a tmpfs here (not root, or refused by the sandbox)');
    return undefined;
  }
}

export const unmount = (mnt: string): void => {
  execFileSync('umount', [mnt], { stdio: 'ignore' });
};

/** Fills a filesystem until less than `leave` bytes are free. */
export function fill(mnt: string, leave: number): void {
  const free = statfsSync(mnt).bavail * statfsSync(mnt).bsize;
  writeFileSync(join(mnt, 'filler'), Buffer.alloc(Math.max(0, free - leave)));
}
