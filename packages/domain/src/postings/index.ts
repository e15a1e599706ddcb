export * from './postings.messages.js';
export * from './postings.schema.js';
export * from './postings.contract.js';
