export * from './routing.js';
export * from './marketing.schema.js';
export * from './marketing.contract.js';
export * from './messages.js';
