import type { AppModule } from '../lib/module.js';
import auth from './auth/index.js';
import realtime from './realtime/index.js';
import menu from './menu/index.js';
import search from './search/index.js';
import dashboard from './dashboard/index.js';
import mail from './mail/index.js';
import passwordReset from './password-reset/index.js';
import tools from './tools/index.js';
import accountSecurity from './account-security/index.js';
import registries from './registries/index.js';
import cep from './cep/index.js';
import files from './files/index.js';
import peopleReports from './people-reports/index.js';
import documents from './documents/index.js';
import jobs from './jobs/index.js';
import reports from './reports/index.js';
import connections from './connections/index.js';
import accessAdmin from './access-admin/index.js';
import regions from './regions/index.js';
import locations from './locations/index.js';
import securityEvents from './security-events/index.js';
import firstStart from './first-start/index.js';
import printing from './printing/index.js';
import members from './members/index.js';
import memberServices from './member-services/index.js';
import memberDocuments from './member-documents/index.js';
import memberDependents from './member-dependents/index.js';
import ledger from './ledger/index.js';
import memberSettings from './member-settings/index.js';
import memberMail from './member-mail/index.js';
import digitalProcess from './process/index.js';
import photos from './photos/index.js';
import geo from './geo/index.js';
import followUp from './follow-up/index.js';
import openBalance from './open-balance/index.js';
import memberLocation from './member-location/index.js';
import charges from './charges/index.js';
import credit from './credit/index.js';
import healthDeclaration from './health-declaration/index.js';
import mobileCalls from './mobile-calls/index.js';
import incomeTax from './income-tax/index.js';
import closing from './closing/index.js';
import bankRemittance from './bank-remittance/index.js';
import bankImport from './bank-import/index.js';
import fileImport from './file-import/index.js';
import efetuado from './efetuado/index.js';
import postings from './postings/index.js';
import cch from './cch/index.js';
import reimbursements from './reimbursements/index.js';
import refunds from './refunds/index.js';
import portal from './portal/index.js';
import terminal from './terminal/index.js';
import lifeInsurance from './life-insurance/index.js';
import snackBar from './snack-bar/index.js';
import ageBands from './age-bands/index.js';
import portalFinance from './portal-finance/index.js';
import filter from './filter/index.js';
import marketing from './marketing/index.js';

/**
 * Every feature module, in set-up order (a module's setup may use the services of those above it); their
 * routes are registered under /api/v1. A new capability is one more line here.
 */
export const appModules: readonly AppModule[] = [
  files,
  photos,
  auth,
  realtime,
  menu,
  search,
  dashboard,
  mail,
  passwordReset,
  tools,
  accountSecurity,
  registries,
  cep,
  geo,
  peopleReports,
  documents,
  jobs,
  reports,
  connections,
  accessAdmin,
  regions,
  locations,
  securityEvents,
  firstStart,
  printing,
  members,
  memberServices,
  memberDocuments,
  followUp,
  openBalance,
  memberLocation,
  memberDependents,
  ledger,
  charges,
  credit,
  healthDeclaration,
  mobileCalls,
  incomeTax,
  closing,
  bankRemittance,
  bankImport,
  fileImport,
  efetuado,
  postings,
  cch,
  reimbursements,
  refunds,
  lifeInsurance,
  snackBar,
  ageBands,
  portalFinance,
  filter,
  marketing,
  memberSettings,
  memberMail,
  digitalProcess,
  portal,
  terminal,
];
