/**
 * Bank files (issue 25): a declarative layout engine and the layouts built on it — CNAB 150 direct debit
 * (BB, Santander, Magiscred), CNAB 240 boleto registration (BB, Santander), the channel-10 payroll file — with their
 * return readers, return codes and test helpers. Pure functions; see docs/BANK-FILES.md.
 */
export * from './bank-files.messages.js';
export * from './layout.js';
export * from './file.js';
export * from './return-codes.js';
export * from './cnab150.js';
export * from './cnab240.js';
export * from './payroll.js';
export * from './bank-files.contract.js';
