import { isDynamic } from './kinds';
import { choiceWords, TARGET_FLAGS, type CommandSpec, type FlagSpec, type ProgramSpec } from './tree';

/** Single-quotes a word for fish (only \\ and ' are special inside). */
const q = (text: string) => `'${text.replace(/\s+/g, ' ').replace(/[\\']/g, (c) => `\\${c}`)}'`;

function flagLine(condition: string, flag: FlagSpec): string {
  const names = flag.names.map((n) => (n.startsWith('--') ? `-l ${n.slice(2)}` : `-s ${n.slice(1)}`)).join(' ');
  let value = '';
  const choices = choiceWords(flag.kind);
  if (choices) value = ` -x -a ${q(choices.join(' '))}`;
  else if (flag.kind === 'file') value = ' -r -F';
  else if (isDynamic(flag.kind)) value = ` -x -a '(__docsctl_values ${flag.kind})'`;
  else if (flag.takesValue) value = ' -x';
  return `complete -c docsctl${condition} ${names}${value} -d ${q(flag.description)}`;
}

function commandLines(command: CommandSpec): string[] {
  const at = ` -n '__docsctl_at ${q(command.path.join(' ')).replace(/'/g, '"')}'`;
  const lines = command.subcommands.map((s) => `complete -c docsctl${at} -a ${q([s.name, ...s.aliases].join(' '))} -d ${q(s.summary)}`);
  lines.push(...command.flags.filter((f) => f.names[0] !== '--help').map((f) => flagLine(at, f)));
  const kinds = new Set(command.args.filter(Boolean));
  for (const kind of kinds) {
    const choices = choiceWords(kind);
    if (choices) lines.push(`complete -c docsctl${at} -a ${q(choices.join(' '))}`);
    else lines.push(kind === 'file' ? `complete -c docsctl${at} -F` : `complete -c docsctl${at} -a '(__docsctl_values ${kind})'`);
  }
  return lines;
}

function switchOf(name: string, description: string, commands: CommandSpec[], words: (c: CommandSpec) => string[]): string {
  const cases = commands.map((c) => `        case ${q(c.path.join(' '))}\n            printf '%s\\n' ${words(c).map(q).join(' ')}`);
  return `function ${name} --description ${q(description)}\n    switch "$argv[1]"\n${cases.join('\n')}\n    end\nend`;
}

/** `__docsctl_alias "PATH/WORD"` prints the canonical name of a sub-command given by an alias. */
function aliasFunction(commands: CommandSpec[]): string {
  const cases = commands.flatMap((c) => c.subcommands.flatMap((s) => s.aliases.map((a) => `        case ${q(`${c.path.join(' ')}/${a}`)}\n            echo ${q(s.name)}`)));
  return `function __docsctl_alias --description 'canonical name of a docsctl sub-command'\n    switch "$argv[1]"\n${cases.join('\n')}\n        case '*'\n            string replace -r '.*/' '' -- $argv[1]\n    end\nend`;
}

/** The fish completion script: save it as ~/.config/fish/completions/docsctl.fish. */
export function fishScript(spec: ProgramSpec): string {
  const commands = spec.commands;
  const globalValues = spec.globals.filter((f) => f.takesValue).flatMap((f) => f.names);
  return `# docsctl completion for fish. Install it with:
#   docsctl completion fish > ~/.config/fish/completions/docsctl.fish
# Generated from docsctl's own commands; regenerate after upgrading docsctl.

${switchOf('__docsctl_subcommands', 'sub-commands (and aliases) of a docsctl command', commands, (c) => c.subcommands.flatMap((s) => [s.name, ...s.aliases]))}

${switchOf('__docsctl_value_flags', 'flags of a docsctl command that take a value', commands, (c) => c.flags.filter((f) => f.takesValue).flatMap((f) => f.names))}

${aliasFunction(commands)}

# The command path of the line being completed, e.g. "teams members".
function __docsctl_path
    set -l path ''
    set -l expect 0
    set -l tokens (commandline -opc)
    set -e tokens[1]
    for w in $tokens
        if test $expect = 1
            set expect 0
            continue
        end
        switch $w
            case '--' '-*=*'
                true
            case '-*'
                if contains -- $w ${globalValues.join(' ')} (__docsctl_value_flags $path)
                    set expect 1
                end
            case '*'
                if contains -- $w (__docsctl_subcommands $path)
                    set w (__docsctl_alias "$path/$w")
                    if test -z "$path"
                        set path $w
                    else
                        set path "$path $w"
                    end
                end
        end
    end
    echo $path
end

function __docsctl_at
    set -l current (__docsctl_path)
    test "$current" = "$argv[1]"
end

# Ids of organizations, spaces, teams, collections or sites, from the database or server the line points at.
function __docsctl_values
    set -l words (commandline -opc)
    set -l target
    for i in (seq 2 (count $words))
        if contains -- $words[$i] ${TARGET_FLAGS.join(' ')}; and test $i -lt (count $words)
            set target $target $words[$i] $words[(math $i + 1)]
        end
    end
    $words[1] $target __complete $argv[1] (commandline -ct) 2>/dev/null
end

complete -c docsctl -f
${spec.globals.map((f) => flagLine('', f)).join('\n')}
${commands.flatMap(commandLines).join('\n')}
`;
}
