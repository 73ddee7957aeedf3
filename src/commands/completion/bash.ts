import { TARGET_FLAGS, type CommandSpec, type FlagSpec, type ProgramSpec } from './tree';

/** Single-quotes a word for bash and zsh. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** ` --space:space --limit: -o:file ` — the flags that take a value, with the kind of value. */
export function valueTable(flags: FlagSpec[]): string {
  return ` ${flags.filter((f) => f.takesValue).flatMap((f) => f.names.map((n) => `${n}:${f.kind}`)).join(' ')} `;
}

function canonTable(command: CommandSpec): string {
  return ` ${command.subcommands.flatMap((s) => s.aliases.map((a) => `${a}=${s.name}`)).join(' ')} `;
}

function nodeCase(command: CommandSpec): string {
  const subs = command.subcommands.flatMap((s) => [s.name, ...s.aliases]).join(' ');
  const flags = command.flags.flatMap((f) => f.names).join(' ');
  const args = command.args.map((k) => k || '-').join(' ');
  return `    ${shellQuote(command.path.join(' '))}) _dc_subs=${shellQuote(subs)}; _dc_canon=${shellQuote(canonTable(command))}; _dc_flags=${shellQuote(flags)}; _dc_values=${shellQuote(valueTable(command.flags))}; _dc_args=${shellQuote(args)}; _dc_variadic=${command.variadic ? 1 : 0} ;;`;
}

/** The bash completion script: the program's commands and flags inline, ids from `docsctl __complete`. */
export function bashScript(spec: ProgramSpec): string {
  const globalFlags = spec.globals.flatMap((f) => f.names).join(' ');
  return `# docsctl completion for bash. Load it with:  source <(docsctl completion bash)
# Generated from docsctl's own commands; regenerate after upgrading docsctl.

_docsctl_node() {
  case "$1" in
${spec.commands.map(nodeCase).join('\n')}
    *) _dc_subs=''; _dc_canon=' '; _dc_flags=''; _dc_values=' '; _dc_args=''; _dc_variadic=0 ;;
  esac
  _dc_flags="$_dc_flags ${globalFlags}"
  _dc_values="$_dc_values${valueTable(spec.globals).slice(1)}"
}

_docsctl() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path='' nargs=0 i w expect='' kind='' c
  local _dc_subs _dc_canon _dc_flags _dc_values _dc_args _dc_variadic
  local -a target=() kinds=()
  COMPREPLY=()
  _docsctl_node ''
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    if [[ -n $expect ]]; then
      case "$expect" in ${TARGET_FLAGS.join('|')}) target+=("$expect" "$w") ;; esac
      expect=''
      continue
    fi
    case "$w" in
      --|-*=*) ;;
      -*) [[ "$_dc_values" == *" $w:"* ]] && expect="$w" ;;
      *)
        if [[ " $_dc_subs " == *" $w "* ]]; then
          if [[ "$_dc_canon" == *" $w="* ]]; then c="\${_dc_canon#* $w=}"; w="\${c%% *}"; fi
          path="\${path:+$path }$w"
          nargs=0
          _docsctl_node "$path"
        else
          nargs=$((nargs + 1))
        fi
        ;;
    esac
  done
  if [[ -n $expect ]]; then
    kind="\${_dc_values#* $expect:}"
    kind="\${kind%% *}"
  elif [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$_dc_flags" -- "$cur"))
    return 0
  elif [[ -n "$_dc_subs" ]]; then
    COMPREPLY=($(compgen -W "$_dc_subs" -- "$cur"))
    return 0
  else
    read -r -a kinds <<< "$_dc_args"
    if ((nargs < \${#kinds[@]})); then
      kind="\${kinds[nargs]}"
    elif ((_dc_variadic && \${#kinds[@]})); then
      kind="\${kinds[\${#kinds[@]} - 1]}"
    fi
  fi
  case "$kind" in
    file)
      compopt -o filenames 2>/dev/null
      COMPREPLY=($(compgen -f -- "$cur"))
      ;;
    org|space|team|collection|site)
      COMPREPLY=($(compgen -W "$("\${COMP_WORDS[0]}" "\${target[@]}" __complete "$kind" "$cur" 2>/dev/null | cut -f1)" -- "$cur"))
      ;;
    =*)
      c="\${kind#=}"
      COMPREPLY=($(compgen -W "\${c//,/ }" -- "$cur"))
      ;;
  esac
  return 0
}

complete -F _docsctl docsctl
`;
}
