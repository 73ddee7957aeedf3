/** What the environment says about people, terminals and colour (no-color.org, CI conventions). */
type Env = Record<string, string | undefined>;

/** A variable counts as set when it is non-empty and not "0" or "false" (CI=false means not CI). */
function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** Running under continuous integration: no prompts and no spinners, whatever the streams say. */
export function isCI(env: Env): boolean {
  return isSet(env.CI);
}

/** A terminal that cannot move the cursor or show colour. */
export function isDumbTerminal(env: Env): boolean {
  return env.TERM === 'dumb';
}

/**
 * Colour on a stream: NO_COLOR (any non-empty value) always wins; FORCE_COLOR=0 turns it off and
 * FORCE_COLOR=1 (or any other set value) turns it on even when piped or under CI; otherwise only on a
 * terminal that is not TERM=dumb, and not under CI (its logs keep escape codes as text).
 */
export function colorEnabled(env: Env, tty: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '') return isSet(env.FORCE_COLOR);
  return tty && !isDumbTerminal(env) && !isCI(env);
}
