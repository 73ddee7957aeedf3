/**
 * An operation's answer with a status other than its route's: a create-or-update PUT answers 201
 * when it created the object and the route's 200 when it updated it.
 */
export class WithStatus {
  constructor(readonly status: number, readonly value: unknown) {}
}

export const withStatus = (status: number, value: unknown) => new WithStatus(status, value);
