export * from './messages.js';
export * from './terminal.schema.js';
export * from './terminal.contract.js';
