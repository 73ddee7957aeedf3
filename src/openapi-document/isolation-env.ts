/** Whether NODE_DEBUG names docsctl: the isolated validation's own debug lines are then this run's too. */
export const debugging = (): boolean => /\bdocsctl\b/i.test(process.env.NODE_DEBUG ?? '');

/** Of this process's environment, only the variables named (those set): what a worker or child of the validation is given. */
export function environmentOf(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])));
}
