import { createRequire } from 'node:module';
import { FetchFailure, textOf, type FetchSession } from '../../../net/fetch';

/** The name docsctl answers to in robots.txt. */
export const ROBOTS_AGENT = 'docsctl';

export interface RobotsRules {
  allowed(url: string): boolean;
  /** Why everything is refused when robots.txt could not be read; undefined otherwise. */
  unreadable?: string;
  /** The `Crawl-delay` robots.txt asks of docsctl, in milliseconds (not in RFC 9309, but widely used). */
  crawlDelayMs?: number;
}

const load = createRequire(import.meta.url);

/**
 * The robots.txt rules of an origin, as RFC 9309 says to read them: a 4xx answer (no robots.txt)
 * allows everything; a 5xx answer or no answer at all refuses everything. Throws the FetchFailure
 * when the address itself is refused.
 */
export async function robotsRules(session: FetchSession, origin: string): Promise<RobotsRules> {
  const url = `${origin}/robots.txt`;
  const refuseAll = (why: string): RobotsRules => ({ allowed: () => false, unreadable: `${url} could not be read (${why}), and RFC 9309 then allows no crawling` });
  let fetched;
  try {
    fetched = await session.get(url, 'text/plain');
  } catch (error) {
    // An address this instance refuses is not the site's failure: the import itself is refused.
    if (error instanceof FetchFailure && error.kind !== 'refused') return refuseAll(error.message);
    throw error;
  }
  if (fetched.status >= 400 && fetched.status < 500) return { allowed: () => true };
  if (fetched.status >= 500) return refuseAll(`it answered ${fetched.status}`);
  const robotsParser = load('robots-parser') as typeof import('robots-parser').default;
  const robots = robotsParser(url, textOf(fetched));
  // undefined means the URL is not of this origin: not ours to judge here.
  const delay = robots.getCrawlDelay(ROBOTS_AGENT);
  return {
    allowed: (target) => robots.isAllowed(target, ROBOTS_AGENT) !== false,
    ...(delay !== undefined && delay > 0 ? { crawlDelayMs: delay * 1000 } : {}),
  };
}
