import { shellQuote } from './bash';
import { TARGET_FLAGS, type CommandSpec, type FlagSpec, type ProgramSpec } from './tree';

/** `name:description` for `_describe`; a colon in the name is escaped. */
const described = (name: string, description: string) => shellQuote(`${name.replace(/:/g, '\\:')}:${description.replace(/\s+/g, ' ')}`);

function flagEntries(flags: FlagSpec[]): string {
  return flags.flatMap((f) => f.names.map((n) => described(n, f.description))).join(' ');
}

function valueEntries(flags: FlagSpec[]): string {
  return flags.filter((f) => f.takesValue).flatMap((f) => f.names.map((n) => `${n} ${shellQuote(f.kind)}`)).join(' ');
}

function nodeCase(command: CommandSpec): string {
  const subs = command.subcommands.flatMap((s) => [s.name, ...s.aliases].map((n) => described(n, s.summary))).join(' ');
  const canon = command.subcommands.flatMap((s) => s.aliases.map((a) => `${a} ${s.name}`)).join(' ');
  // Quoted: a word starting with `=` would be taken for a command path (zsh's EQUALS expansion).
  const args = command.args.map((k) => shellQuote(k || '-')).join(' ');
  return `    ${shellQuote(command.path.join(' '))}) subs=(${subs}); canon=(${canon}); flags=(${flagEntries(command.flags)}); values=(${valueEntries(command.flags)}); args=(${args}); variadic=${command.variadic ? 1 : 0} ;;`;
}

/**
 * The zsh completion script. Works both sourced (`source <(docsctl completion zsh)`, after compinit)
 * and as an autoloaded `_docsctl` file on `fpath`.
 */
export function zshScript(spec: ProgramSpec): string {
  return `#compdef docsctl
# docsctl completion for zsh. Either:  source <(docsctl completion zsh)   (after compinit)
# or save it as _docsctl in a directory on $fpath:  docsctl completion zsh > ~/.zfunc/_docsctl
# Generated from docsctl's own commands; regenerate after upgrading docsctl.

_docsctl_node() {
  case "$1" in
${spec.commands.map(nodeCase).join('\n')}
    *) subs=(); canon=(); flags=(); values=(); args=(); variadic=0 ;;
  esac
  flags+=(${flagEntries(spec.globals)})
  values+=(${valueEntries(spec.globals)})
}

_docsctl() {
  local -a subs flags args target names found choices
  local -A canon values
  local variadic=0 cmdpath='' nargs=0 i w expect='' kind='' cur="\${words[CURRENT]}"
  _docsctl_node ''
  for (( i = 2; i < CURRENT; i++ )); do
    w="\${words[i]}"
    if [[ -n $expect ]]; then
      [[ $expect == (${TARGET_FLAGS.join('|')}) ]] && target+=("$expect" "$w")
      expect=''
      continue
    fi
    case "$w" in
      --|-*=*) ;;
      -*) (( \${+values[$w]} )) && expect="$w" ;;
      *)
        names=(\${subs%%:*})
        if (( \${names[(Ie)$w]} )); then
          (( \${+canon[$w]} )) && w="\${canon[$w]}"
          cmdpath="\${cmdpath:+$cmdpath }$w"
          nargs=0
          _docsctl_node "$cmdpath"
        else
          (( nargs++ ))
        fi
        ;;
    esac
  done
  if [[ -n $expect ]]; then
    kind="\${values[$expect]}"
  elif [[ $cur == -* ]]; then
    _describe -t flags 'flag' flags
    return
  elif (( \${#subs} )); then
    _describe -t commands 'command' subs
    return
  elif (( nargs < \${#args} )); then
    kind="\${args[nargs + 1]}"
  elif (( variadic && \${#args} )); then
    kind="\${args[-1]}"
  fi
  case "$kind" in
    file) _files ;;
    org|space|team|collection|site)
      found=(\${(f)"$(\${words[1]} "\${target[@]}" __complete "$kind" "$cur" 2>/dev/null)"})
      found=(\${found//:/\\\\:})
      found=(\${found/$'\\t'/:})
      _describe -t values "$kind" found
      ;;
    ('='*)
      choices=(\${(s:,:)kind#=})
      _describe -t values 'value' choices
      ;;
  esac
}

if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  _docsctl "$@"
else
  compdef _docsctl docsctl
fi
`;
}
