// The package ships no types; we use only its non-blocking whole-file exclusive lock.
declare module "fs-native-extensions" {
  /** Takes an exclusive (or shared) lock on the open file `fd`; false when another open file holds a conflicting one. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
