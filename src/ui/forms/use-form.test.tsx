import { act, renderHook } from '@testing-library/react';
import { loginRequestSchema } from '../../api/contracts/session.contract';
import { useForm } from './use-form';
import { currentError, dismissError } from '../feedback/error-store';

const axiosError = (status: number, data: unknown) => ({
  isAxiosError: true,
  message: `Request failed with status code ${status}`,
  response: { status, data },
});

afterEach(() => dismissError());

describe('useForm: mapping errors onto fields', () => {
  it('validates with the shared schema and keeps the message ids per field', () => {
    const { result } = renderHook(() => useForm({ username: '', password: '' }, loginRequestSchema));
    let parsed: unknown;
    act(() => {
      parsed = result.current.validate();
    });
    expect(parsed).toBeNull();
    expect(result.current.errors).toEqual({
      username: ['validation.username_required'],
      password: ['validation.password_required'],
    });
  });

  it('puts a 422 answer next to its fields and keeps the error dialog closed', () => {
    const { result } = renderHook(() => useForm({ username: 'a', password: 'b' }, loginRequestSchema));
    act(() => result.current.handleSubmitError(axiosError(422, { message: 'x', errors: { password: ['Too short.'] } })));
    expect(result.current.errors).toEqual({ password: ['Too short.'] });
    expect(currentError()).toBeNull();
  });

  it('sends field messages for fields the form lacks to the error dialog too', () => {
    const { result } = renderHook(() => useForm({ username: 'a', password: 'b' }, loginRequestSchema));
    act(() => result.current.handleSubmitError(axiosError(422, { message: 'x', errors: { company: ['Unknown.'] } })));
    expect(currentError()?.fieldErrors).toEqual({ company: ['Unknown.'] });
  });

  it('sends any other failure to the error dialog', () => {
    const { result } = renderHook(() => useForm({ username: 'a', password: 'b' }, loginRequestSchema));
    act(() => result.current.handleSubmitError(axiosError(500, { message: 'Server down' })));
    expect(result.current.errors).toEqual({});
    expect(currentError()?.message).toBe('Server down');
  });
});
