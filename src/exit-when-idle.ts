/**
 * Ends the process as soon as it has nothing left to run, without Node's teardown (issue 35). A process
 * whose event loop empties frees its environment and disposes of V8's heap before it exits: 7–10 ms on
 * this virtual machine for a command's heap, where unmapping and freeing pages is dear. `beforeExit`
 * comes only once nothing is pending (a write to a slow pipe, a socket closing, a timer that is not
 * unref'd), so nothing a command left under way is cut short; `process.exit()` still emits `exit` (the
 * code caches are written there) and keeps `process.exitCode`. What it skips is freeing memory the
 * operating system takes back anyway, and the addons' clean-up hooks: the engine closes its database
 * itself (`ctx.close()`, src/main.ts) before this runs.
 */
export function exitWhenIdle(): void {
  process.once('beforeExit', () => process.exit());
}
