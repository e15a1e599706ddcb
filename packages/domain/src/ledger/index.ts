export * from './ledger.messages.js';
export * from './ledger.schema.js';
export * from './ledger.contract.js';
export * from './owed.js';
