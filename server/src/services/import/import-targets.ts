import type { ImportEntity } from '../../../../src/api/contracts/import.contract';
import type { Language } from '../../../../src/api/contracts/session.contract';
import type { AccessRule } from '../../../../src/api/resources/resource-contract';
import type { CopyPlan } from '../../db/copy-in';
import type { CompanyScope } from '../../db/company-scope';
import type { SheetToWrite } from '../export/write-xlsx';
import type { ImportFieldSpec } from './import-types';
import { autoCallImportTarget } from './auto-call/auto-call-import-target';
import { consultationImportTarget } from './consultation/consultation-import-target';
import { memberImportTarget } from './member/member-import-target';

/**
 * The request-thread half of each import (the worker's half is row-converters.ts): who may import, the
 * company's settings the rows are checked against, the fields, the insert and the sample file.
 */
export interface ImportTarget {
  entity: ImportEntity;
  access: AccessRule;
  /**
   * Plain data handed to the worker's row converter. `params`: the upload's other form fields (an
   * auto-call import's `campaign_id`), kept for its commit and given again with a resume; absent for the
   * sample download.
   */
  loadContext(scope: CompanyScope, params?: Readonly<Record<string, string>>): Promise<unknown>;
  fields(context: unknown): ImportFieldSpec[];
  /**
   * Where a chunk's valid rows go: the worker writes them as COPY lines, the company id and then the
   * row converter's columns (row-converters.ts), in the order `copy.into` names them.
   */
  copy: CopyPlan;
  sample(context: unknown, language: Language): SheetToWrite;
}

export const IMPORT_TARGETS: Partial<Record<ImportEntity, ImportTarget>> = {
  member: memberImportTarget,
  consultation: consultationImportTarget,
  'auto-call': autoCallImportTarget,
};
