/** Whether the error, or one it wraps (drizzle wraps the driver's), carries this SQLSTATE (e.g. 57014, 42501). */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as Error & { code?: unknown }).code === code) return true;
  }
  return false;
}
