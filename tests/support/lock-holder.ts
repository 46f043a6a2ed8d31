/**
 * A separate process that takes a data directory's lock and holds it until killed:
 * `node --import tsx tests/support/lock-holder.ts DIR`. Prints "locked" once it holds it.
 */
import { lockDataDir } from "#server/db/data-dir-lock.ts";

await lockDataDir(process.argv[2]!, { waitMs: 0 });
process.stdout.write("locked\n");
setInterval(() => undefined, 60_000);
