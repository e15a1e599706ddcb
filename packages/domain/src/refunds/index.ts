export * from './messages.js';
export * from './refunds.status.js';
export * from './refunds.schema.js';
export * from './refunds.contract.js';
