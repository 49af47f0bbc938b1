/** Fiscal documents: FatturaPA invoices and credit notes from the ledger, the school's fiscal profile, tax identifiers. */
export * from './fiscal-ids.ts';
export * from './fiscal-settings.ts';
export * from './fiscal-document.ts';
export * from './lines.ts';
export * from './from-ledger.ts';
export * from './fatturapa-xml.ts';
