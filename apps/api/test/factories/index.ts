/** Shared test data builders (issue 23 §4): one copy of each, instead of per-file builders. */
export * from './users.js';
export * from './members.js';
export * from './ledger.js';
export * from './member-body.js';
