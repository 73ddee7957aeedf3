/** Interactive questions; replaced by a scripted prompter in tests. */
export interface Prompter {
  confirm(message: string): Promise<boolean>;
}

export const inquirerPrompter: Prompter = {
  async confirm(message) {
    const { confirm } = await import('@inquirer/prompts');
    return confirm({ message, default: false });
  },
};
