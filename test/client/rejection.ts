import { expect } from 'vitest';
import { ApiError } from '../../src/client/lib/http-client';

/** The ApiError a call rejected with (failing the test if it resolved or threw something else). */
export async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
