export * from './credit.messages.js';
export * from './credit.schema.js';
export * from './credit.contract.js';
