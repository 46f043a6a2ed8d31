/**
 * A setting or the machine keeps the board from starting, and the message alone tells the operator what to
 * change: `server/main.ts` and the scripts print it as one line, without a stack trace, and exit 1.
 */
export class StartupError extends Error {}
