import type { Command } from 'commander';

export interface DetailOptions {
  title?: string;
  description?: string;
  placeholder?: string;
  option?: string[];
}

/** The options create and update share: everything but the name and the type. */
export function withDetailOptions(command: Command): Command {
  return command
    .option('--title <title>', 'label shown to people (up to 100 characters; default: the name)')
    .option('--description <text>', 'help text (up to 200 characters)')
    .option('--placeholder <text>', 'shown while the value is empty (up to 100 characters)')
    .option('--option <options...>', 'the choices of a select:single or select:multi field (1-50)');
}

export const detailsBody = (opts: DetailOptions) => ({
  title: opts.title,
  description: opts.description,
  placeholder: opts.placeholder,
  options: opts.option,
});
