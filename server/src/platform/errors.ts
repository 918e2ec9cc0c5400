import { ErrorCodes, type ErrorDefinition, type ErrorName } from '@uniwim/contracts';

/** A failure the API reports with a typed code; anything else is a bug and becomes INTERNAL. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly definition: ErrorDefinition;

  constructor(
    readonly errorName: ErrorName,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? ErrorCodes[errorName].message);
    this.definition = ErrorCodes[errorName];
  }

  get code(): number {
    return this.definition.code;
  }

  get status(): number {
    return this.definition.status;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
