/** zod's e-mail pattern (`z.email()`, what `POST …/invites` checks), so every path that invites agrees on what an address is. */
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** The longest e-mail address a person may be invited by. */
export const MAX_EMAIL_LENGTH = 320;

/** Whether `text` is an address someone can be invited by. */
export function isEmailAddress(text: string): boolean {
  return text.length <= MAX_EMAIL_LENGTH && EMAIL.test(text);
}
