export interface Choice {
  /** What the person sees. */
  name: string;
  /** What the command gets back when it is picked. */
  value: string;
  /** What the answer line says of it once picked, when shorter than `name`. */
  short?: string;
}

/** Interactive questions; replaced by a scripted prompter in tests. */
export interface Prompter {
  confirm(message: string): Promise<boolean>;
  /**
   * A pick-list: the values of the choices the person ticked (possibly none). Optional so that a
   * scripted prompter that only confirms stays valid; `pick` below refuses to guess for it.
   */
  pick?(message: string, choices: Choice[]): Promise<string[]>;
}

export const inquirerPrompter: Required<Prompter> = {
  async confirm(message) {
    const { confirm } = await import('@inquirer/prompts');
    return confirm({ message, default: false });
  },
  async pick(message, choices) {
    const { checkbox } = await import('@inquirer/prompts');
    return checkbox({ message, choices, pageSize: 15 });
  },
};

/** Shows a pick-list with `prompter` (the terminal's by default). */
export function pick(prompter: Prompter | undefined, message: string, choices: Choice[]): Promise<string[]> {
  const p = prompter ?? inquirerPrompter;
  if (!p.pick) throw new Error('this prompter cannot show a pick-list');
  return p.pick(message, choices);
}
