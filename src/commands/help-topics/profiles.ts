/** `docsctl help profiles`: local and remote mode, saved profiles, and which setting wins. */
export const profiles = `Profiles: where commands go

docsctl works on a local SQLite database (local mode, the engine in-process) or on a server of the
API (remote mode, with a bearer token). A profile saves a server's URL, token and organization.

  docsctl login --url URL [--token TOKEN | --with-token] [--profile NAME] [--org ID] [--no-use]
                    check the token against the server, save the profile (default name: default)
                    and make it the active one (unless --no-use); --with-token reads the token from
                    standard input; with neither, on a terminal, login asks for it (not shown)
  docsctl logout [--profile NAME]
                    forget a profile
  docsctl whoami    who you act as and where, and which setting chose it (--json: source)

Precedence: flag > environment > saved profile > default. The first of these that is set wins:
  --db (local), --url (remote), --profile NAME,
  DOCSCTL_DB, DOCSCTL_URL, DOCSCTL_PROFILE,
  the active profile saved by login,
  local mode on the default database ($XDG_DATA_HOME/docsctl/docsctl.db).
The token follows the same order (--token > DOCSCTL_TOKEN > the profile's), and so does the
organization (--org > DOCSCTL_ORG > the profile's > your only organization).

Profiles live in $DOCSCTL_CONFIG_DIR/config.json (default ~/.config/docsctl/config.json).

Examples:
  $ docsctl login --url http://localhost:8080 --token "$TOKEN" --profile staging --no-use
  $ docsctl --profile staging whoami --json
  $ DOCSCTL_PROFILE=staging docsctl spaces list
  $ docsctl whoami
`;
