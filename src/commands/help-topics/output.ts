/** `docsctl help output`: how results are printed, and the flags that change it. */
export const output = `Output formats

  On a terminal     tables with a header row, fitted to the terminal's width (80 columns when it does not
                    say): the least important columns are hidden (stderr names them) and long cells end
                    in …, but never an id, an e-mail to paste or the column you act on: that wraps, or
                    goes on the line below its row; times read "3 days ago", ids read as names where a
                    person reads them
  Piped             tab-separated values, one row a line, no header, no colour (cut, awk, while read)
  --format tsv|csv|table|json
                    choose explicitly: csv quotes fields as RFC 4180 does and prints a header row
  --json            the API object, or the list envelope { next?, count, items }, exactly as the API
                    returns it; bulk verbs print { applied, rows }
  --json FIELDS     only these comma-separated fields of each object (dots reach inside:
                    id,title,user.email); an unknown field is refused with the list of valid ones
  --jq EXPRESSION   filter the JSON through a jq expression (strings print raw, as jq -r)

Lists print one page: --limit N (1-1000, default 100) and --page CURSOR. When there is more, a line
says so with the next cursor: the output's last line on a terminal (table, TSV or CSV; the cursor on
a line of its own when the terminal is narrow), stderr when piped or with JSON. --all follows every page, printing rows as they arrive.

Data goes to stdout; messages and hints go to stderr. Spinners, prompts and
colour appear only for a person at a terminal: never when piped, under CI, with TERM=dumb, and
colour never with NO_COLOR (see: docsctl help environment). Colour marks roles, statuses and errors.
To see every column and exact times on a terminal, use --json or --format tsv.

Examples:
  $ docsctl members list --format csv > members.csv
  $ docsctl spaces list --json id,title
  $ docsctl teams list --jq ".items[].title"
  $ docsctl members list --all --role admin
`;
