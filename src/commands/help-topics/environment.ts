/** `docsctl help environment`: every environment variable docsctl reads. */
export const environment = `Environment variables

Where commands go (see also: docsctl help profiles)
  DOCSCTL_DB           local mode on this SQLite file (like --db)
  DOCSCTL_DATABASE_URL local mode on this database: a SQLite file, sqlite:FILE or postgres://… (like --database)
  DOCSCTL_DATABASE_PASSWORD_FILE PostgreSQL: a file holding the password (like --database-password-file)
  PGPASSWORD           PostgreSQL: the password, when the server asks for one and the URL has none
  PGPASSFILE           PostgreSQL: a password file (default ~/.pgpass), read after PGPASSWORD and --database-password-file
  PGUSER               PostgreSQL: the user when the URL names none (default: the system user)
  DOCSCTL_URL          remote mode: base URL of an instance (like --url)
  DOCSCTL_TOKEN        API token for remote mode (like --token); also read by login
  DOCSCTL_PROFILE      use this saved profile (like --profile)
  DOCSCTL_ORG          organization to act on (like --org)

Files
  DOCSCTL_CONFIG_DIR   where login saves profiles (config.json); default $XDG_CONFIG_HOME/docsctl
  XDG_CONFIG_HOME      default ~/.config
  XDG_DATA_HOME        the default database is $XDG_DATA_HOME/docsctl/docsctl.db (default ~/.local/share)
  XDG_CACHE_HOME       the code cache that speeds up start-up is in $XDG_CACHE_HOME/docsctl (default ~/.cache)
  HOME                 base of the three defaults above

Server and links
  DOCSCTL_PUBLIC_URL   base of the urls.* fields in local mode and of serve (like serve --public-url)
  DOCSCTL_FILES        keep new files' bytes outside the database: dir:PATH or s3://BUCKET/PREFIX (like --files; the database remembers it)
  DOCSCTL_FILES_ENDPOINT the S3-compatible store's URL for s3://… (MinIO, R2, …; like --files-endpoint); AWS S3 without
  AWS_ENDPOINT_URL_S3  the store's URL when DOCSCTL_FILES_ENDPOINT is not set (then AWS_ENDPOINT_URL)
  AWS_ENDPOINT_URL     the store's URL when neither of the above is set
  AWS_ACCESS_KEY_ID    s3://…: the access key (with AWS_SECRET_ACCESS_KEY, and AWS_SESSION_TOKEN for temporary ones);
                       without them, the AWS SDK's own sources (~/.aws, an instance or container role)
  AWS_SECRET_ACCESS_KEY s3://…: the secret key
  AWS_SESSION_TOKEN    s3://…: the session token of temporary credentials
  AWS_REGION           s3://…: the bucket's region (then AWS_DEFAULT_REGION; us-east-1 without either)
  AWS_DEFAULT_REGION   s3://…: the region when AWS_REGION is not set
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED docsctl sets it to true (the AWS SDK's notice of a future Node requirement)
  DOCSCTL_MAX_FILE_SIZE the largest file a space takes, in local mode and for serve (100MiB by default; like serve --max-file-size)
  DOCSCTL_PDF_MAX_PAGES the most pages one PDF holds (1000 by default); past it a PDF is refused (413): ask for a page or a site space
  DOCSCTL_PDF_MAX_IMAGE_BYTES the largest image a PDF draws, in bytes (16 MiB by default); a larger one shows its text
  DOCSCTL_WEBHOOK_RETRY_BASE_MS the unit of the webhook retry schedule in ms (1000 by default: retries after 1 s, 4 s, 15 s, …); for tests
  DOCSCTL_WEBHOOK_LEASE_MS how long serve's claim on a webhook delivery holds, in ms (60000 by default); for tests

Terminal and output (see also: docsctl help output)
  NO_COLOR             any non-empty value: no colour, ever (no-color.org)
  FORCE_COLOR          0 turns colour off; any other value turns it on, even when piped or under CI
  TERM                 TERM=dumb: no colour and no spinner
  CI                   set (and not 0/false): no prompts, no spinners, no colour; destructive verbs need --yes
  BROWSER              the program docsctl sites open starts with a URL (else xdg-open, open or start)

Debugging
  DOCSCTL_DEBUG        any value: print the stack trace of an unexpected failure
  DOCSCTL_CODE_CACHE   off: compile docsctl from source at every start, without the code cache
  NODE_DEBUG           docsctl: say whether the code cache was missing, accepted, rejected or written

Flags win over the environment: --db beats DOCSCTL_DB, --token beats DOCSCTL_TOKEN, and so on.

Examples:
  $ DOCSCTL_DB=./acme.db docsctl members list
  $ NO_COLOR=1 docsctl search install
`;
