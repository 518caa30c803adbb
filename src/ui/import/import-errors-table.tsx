import { HTMLTable } from '@blueprintjs/core';
import type { ImportRowError } from '../../api/contracts/import.contract';
import { useT } from '../../i18n/use-t';

export interface ImportErrorsTableProps {
  errors: readonly ImportRowError[];
}

/** The refused rows: Excel row number, the column (the file's header), the problem. */
export function ImportErrorsTable({ errors }: ImportErrorsTableProps) {
  const t = useT();
  return (
    <HTMLTable compact striped data-testid="import-errors" aria-label={t('import.result.errors_title')}>
      <thead>
        <tr>
          <th>{t('import.errors.row')}</th>
          <th>{t('import.errors.column')}</th>
          <th>{t('import.errors.message')}</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error, index) => (
          <tr key={`${error.row}-${error.field}-${index}`} data-testid="import-error-row">
            <td>{error.row}</td>
            <td>{error.column || error.field}</td>
            <td>{error.message}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
