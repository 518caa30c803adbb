import type { SQL } from 'drizzle-orm';
import type { ImportEntity } from '../../../../src/api/contracts/import.contract';
import type { Language } from '../../../../src/api/contracts/session.contract';
import type { AccessRule } from '../../../../src/api/resources/resource-contract';
import type { Database } from '../../db/client';
import type { CompanyScope } from '../../db/company-scope';
import type { SheetToWrite } from '../export/write-xlsx';
import type { ImportFieldSpec } from './import-types';
import { consultationImportTarget } from './consultation/consultation-import-target';
import { memberImportTarget } from './member/member-import-target';

/**
 * The request-thread half of each import (the worker's half is row-converters.ts): who may import, the
 * company's settings the rows are checked against, the fields, the insert and the sample file.
 */
export interface ImportTarget {
  entity: ImportEntity;
  access: AccessRule;
  /** Plain data handed to the worker's row converter. */
  loadContext(scope: CompanyScope): Promise<unknown>;
  fields(context: unknown): ImportFieldSpec[];
  /** One statement inserting a chunk's valid rows, given column by column. */
  insertStatement(companyId: number, columns: (string | null)[][]): SQL;
  sample(context: unknown, language: Language): SheetToWrite;
}

export const IMPORT_TARGETS: Partial<Record<ImportEntity, ImportTarget>> = {
  member: memberImportTarget,
  consultation: consultationImportTarget,
};

export async function insertChunk(db: Database, target: ImportTarget, companyId: number, columns: (string | null)[][]): Promise<void> {
  await db.execute(target.insertStatement(companyId, columns));
}
