import type { ErrorBody } from "./contracts/common/wire.ts";
import { MESSAGES } from "./contracts/common/messages.ts";
import type { Locale } from "./contracts/i18n/locales.ts";

export type Issue = NonNullable<ErrorBody["issues"]>[number];
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

/** An error that is meant for the client: thrown anywhere, turned into `{ message }` by app.onError. */
export class HttpError extends Error {
  override name = "HttpError";
  /** The message in a language, where its words are data (a date, a weekday) and so no catalog's text. */
  readonly inLanguage?: (locale: Locale) => string;
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { message: this.message };
  }
}

export class BadRequest extends HttpError {
  constructor(
    message: string = MESSAGES.invalidInput,
    readonly issues?: Issue[],
  ) {
    super(400, message);
  }

  override toBody(): ErrorBody {
    return this.issues ? { message: this.message, issues: this.issues } : { message: this.message };
  }
}

export class Unauthorized extends HttpError {
  constructor(message: string = MESSAGES.unauthorized) {
    // Tells clients which scheme to use, as RFC 9110 asks of a 401.
    super(401, message, { "WWW-Authenticate": "Bearer" });
  }
}

/** A signed-in person whose role may not do this (a technician on an admin route). */
export class Forbidden extends HttpError {
  constructor(message: string = MESSAGES.forbidden) {
    super(403, message);
  }
}

/** A session the sign-in policy holds until a second factor is set up: 403 `{ message, setupRequired: true }`. */
export class SetupRequired extends HttpError {
  constructor(message: string = MESSAGES.factorSetupRequired) {
    super(403, message);
  }

  override toBody(): ErrorBody {
    return { message: this.message, setupRequired: true };
  }
}

/** A step-up action on a sign-in too old or with too few factors: 401 `{ message, reauth: true }`. */
export class ReauthRequired extends HttpError {
  constructor(message: string = MESSAGES.reauthRequired) {
    super(401, message, { "WWW-Authenticate": "Bearer" });
  }

  override toBody(): ErrorBody {
    return { message: this.message, reauth: true };
  }
}

export class NotFound extends HttpError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** A write naming an older version of its record: 409 with the record as it is now. */
export class StaleVersion extends HttpError {
  constructor(
    message: string,
    readonly current: unknown,
  ) {
    super(409, message);
  }

  override toBody(): ErrorBody {
    return { message: this.message, current: this.current };
  }
}

/** A move of the dispatch board that breaks a rule of the day: 409 with the words and what it ran into. */
export class MoveConflict extends HttpError {
  constructor(
    readonly conflict: { kind: string; bookingId?: string },
    message: string,
  ) {
    super(409, message);
  }

  override toBody(): ErrorBody {
    return { message: this.message, conflict: this.conflict };
  }
}

/** Something that existed and is no more (an expired or used invitation). */
export class Gone extends HttpError {
  constructor(message: string) {
    super(410, message);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(message: string = MESSAGES.payloadTooLarge) {
    super(413, message);
  }
}

/** A body of a type the route does not take, or bytes that are not what their Content-Type claims. */
export class UnsupportedMediaType extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}

export class Unprocessable extends HttpError {
  constructor(
    message: string,
    override readonly inLanguage?: (locale: Locale) => string,
  ) {
    super(422, message);
  }
}

export class TooManyRequests extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = MESSAGES.tooManyRequests,
  ) {
    super(429, message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class ServiceUnavailable extends HttpError {
  constructor(
    readonly retryAfterSeconds = 5,
    message: string = MESSAGES.unavailable,
  ) {
    super(503, message, { "Retry-After": String(retryAfterSeconds) });
  }
}
