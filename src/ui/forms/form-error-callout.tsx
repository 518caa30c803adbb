import { Callout, Intent } from '@blueprintjs/core';
import { useTranslateMaybeId } from '../../i18n/use-t';

export interface FormErrorCalloutProps {
  /** Already translated by the server, or a message id. Nothing renders when null. */
  message: string | null;
  testId?: string;
}

/** A form-level message above the fields (e.g. wrong credentials, too many attempts). */
export function FormErrorCallout({ message, testId }: FormErrorCalloutProps) {
  const translate = useTranslateMaybeId();
  if (!message) return null;
  return (
    <Callout intent={Intent.DANGER} icon="error" role="alert" data-testid={testId} style={{ marginBottom: 16 }}>
      {translate(message)}
    </Callout>
  );
}
