import { createContext, useContext } from 'react';

/**
 * Form fields an import sends with its upload and any resume, beside the file: what the rows go into
 * (an auto-call campaign's `campaign_id`). Given to ImportFlow; members and consultations send none.
 */
export const ImportParamsContext = createContext<Readonly<Record<string, string>>>({});

export const useImportParams = () => useContext(ImportParamsContext);
