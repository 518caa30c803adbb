import { toApiError } from './errors';
import { http } from './http';

/**
 * One API call whose answer is parsed with the contract's schema, so a screen never renders a shape the
 * server did not promise; any failure (HTTP, network or shape) arrives as an ApiError.
 */
export async function postParsed<T>(path: string, body: unknown, parse: (data: unknown) => T): Promise<T> {
  try {
    const { data } = await http.post<unknown>(path, body);
    return parse(data);
  } catch (err) {
    throw toApiError(err);
  }
}
