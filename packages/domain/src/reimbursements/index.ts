export * from './messages.js';
export * from './reimbursement.schema.js';
export * from './reimbursement.markers.js';
export * from './reimbursement.contract.js';
