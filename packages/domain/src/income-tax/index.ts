export * from './health-declaration.contract.js';
export * from './income-tax.contract.js';
