import { describe, expect, it } from 'vitest';
import { AxiosError } from 'axios';
import { isApiError, toApiError } from './errors';

function axiosError(status: number, data: unknown): AxiosError {
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', undefined, null, {
    status,
    statusText: '',
    data,
    headers: {},
    config: { headers: {} } as never,
  });
}

describe('toApiError (specification section 8)', () => {
  it('a 422 errors object becomes fieldErrors, with the server message', () => {
    const err = toApiError(axiosError(422, { message: 'Some fields need your attention.', errors: { name: ['Required.'], tags: 'Bad.' } }));
    expect(err).toEqual({
      status: 422,
      message: 'Some fields need your attention.',
      fieldErrors: { name: ['Required.'], tags: ['Bad.'] },
      data: expect.anything(),
    });
  });

  it('an errors object without a message shows the first field message', () => {
    expect(toApiError(axiosError(422, { errors: { name: ['Required.'] } })).message).toBe('Required.');
  });

  it('an error flag shows its message', () => {
    const err = toApiError(axiosError(403, { error: true, message: 'You do not have permission to do this.' }));
    expect(err).toMatchObject({ status: 403, message: 'You do not have permission to do this.', fieldErrors: {} });
  });

  it('an error flag that is itself the text', () => {
    expect(toApiError(axiosError(400, { error: 'Bad thing' })).message).toBe('Bad thing');
  });

  it('otherwise the raw response data', () => {
    expect(toApiError(axiosError(502, '<html>Bad gateway</html>')).message).toBe('<html>Bad gateway</html>');
    expect(toApiError(axiosError(500, { weird: 1 })).message).toBe('{"weird":1}');
  });

  it('an empty body falls back to the error itself', () => {
    expect(toApiError(axiosError(500, '')).message).toBe('Request failed with status code 500');
  });

  it('no response (network) gives status null and the error message', () => {
    const network = new AxiosError('Network Error', 'ERR_NETWORK');
    expect(toApiError(network)).toEqual({ status: null, message: 'Network Error', fieldErrors: {} });
  });

  it('plain errors and thrown values', () => {
    expect(toApiError(new Error('boom'))).toEqual({ status: null, message: 'boom', fieldErrors: {} });
    expect(toApiError('text')).toMatchObject({ message: 'text' });
    expect(toApiError({ a: 1 })).toMatchObject({ message: '{"a":1}' });
  });

  it('an ApiError passes through unchanged', () => {
    const apiError = { status: 401, message: 'x', fieldErrors: {} };
    expect(isApiError(apiError)).toBe(true);
    expect(toApiError(apiError)).toBe(apiError);
  });
});
