export * from './criteria.js';
export * from './columns.js';
export * from './query.schema.js';
export * from './filter.schema.js';
export * from './filter.contract.js';
export * from './messages.js';
