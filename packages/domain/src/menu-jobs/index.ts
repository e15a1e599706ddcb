export * from './menu-jobs.messages.js';
