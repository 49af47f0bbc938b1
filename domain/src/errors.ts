/** What kind of rule a request broke; the API maps each kind to one HTTP status. */
export type DomainErrorKind =
  | 'invalid' // 400: the request itself is malformed or out of range
  | 'unauthorized' // 401: no session
  | 'forbidden' // 403: signed in, but not allowed
  | 'not_found' // 404
  | 'conflict' // 409: the request is well-formed but the current state refuses it
  | 'mismatch'; // 422: an Idempotency-Key sent again with another body or by another person

/** The one error a business rule throws. Its message is shown to people as it is. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  constructor(kind: DomainErrorKind, message: string) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
  }
}
