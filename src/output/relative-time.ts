/** Times for people, as gh shows them: "3 days ago", "in 6 days". Machine formats keep ISO times. */

const UNITS: [name: string, seconds: number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** `time` (an ISO string) relative to `now`; empty for no time, the text itself when it is not a time. */
export function relativeTime(time: string | undefined | null, now: Date): string {
  if (!time) return '';
  const at = new Date(time).getTime();
  if (Number.isNaN(at)) return time;
  const seconds = Math.round((at - now.getTime()) / 1000);
  const past = seconds <= 0;
  const size = Math.abs(seconds);
  if (size < 60) return past ? 'just now' : 'in less than a minute';
  const [name, length] = UNITS.find(([, s]) => size >= s)!;
  const count = Math.floor(size / length);
  const amount = count === 1 ? `1 ${name}` : `${count} ${name}s`;
  return past ? `${amount} ago` : `in ${amount}`;
}
