import { sql as people } from './001_people';

/** Numbered schema migrations, applied in order; `user_version` records how many ran. */
export const migrations: readonly string[] = [people];
