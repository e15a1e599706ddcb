import { describe, expect, it } from 'vitest';
import { accessAdminContracts } from '../access/access-admin.contract.js';
import { binaryReply, pathOf } from '../contract/route-contract.js';
import { mailContracts } from '../mail/mail.contract.js';
import { jobRoles, jobsContracts } from './jobs.contract.js';

const line = (c: { method: string; path: string; status?: number }) => `${c.method} ${c.path}${c.status ? ` ${c.status}` : ''}`;

describe('jobsContracts', () => {
  it('declares the six job calls; starting one is an XSRF-checked GET for the job roles', () => {
    expect(Object.values(jobsContracts).map(line).sort()).toEqual([
      'GET /jobs',
      'GET /jobs/download/:fileId',
      'GET /jobs/downloadid/:jobId',
      'GET /jobs/send/:jobCommand',
      'GET /jobs/send/:jobCommand/:userData',
      'POST /jobs/:jobId/hide 204',
    ]);
    for (const send of [jobsContracts.send, jobsContracts.sendWithData]) {
      expect(send.xsrf).toBe(true);
      expect(send.access).toEqual({ roles: jobRoles });
    }
    expect(jobRoles).toEqual(expect.arrayContaining(['v2atd', 'v2menufincel', 'v2menufinexp']));
    expect(jobsContracts.download.reply).toBe(binaryReply);
    expect(jobsContracts.downloadByJob.reply).toBe(binaryReply);
  });

  it('sends userData 0 when left out, and refuses a malformed job or file id in pt-BR', () => {
    expect(jobsContracts.sendWithData.params.parse({ jobCommand: 'contagem-excel' })).toEqual({ jobCommand: 'contagem-excel', userData: '0' });
    expect(jobsContracts.hide.params.safeParse({ jobId: 'x' }).error?.issues[0]?.message).toBe('Tarefa inválida');
    expect(jobsContracts.download.params.safeParse({ fileId: 'x' }).error?.issues[0]?.message).toBe('Arquivo inválido');
    expect(pathOf(jobsContracts.sendWithData, { jobCommand: 'declaracaosaude-email', userData: '21' })).toBe('jobs/send/declaracaosaude-email/21');
  });
});

describe('mailContracts and accessAdminContracts', () => {
  it('keep the outbox and the nine Acessos calls superadmin-only', () => {
    expect(line(mailContracts.outbox)).toBe('GET /outbox');
    expect(Object.values(accessAdminContracts).map(line).sort()).toEqual([
      'DELETE /acessos/perfis/:permId',
      'GET /acessos/perfis',
      'GET /acessos/usuarios',
      'GET /roles',
      'POST /acessos/perfis',
      'POST /acessos/usuarios',
      'POST /acessos/usuarios/:userId/limpar-autenticador',
      'PUT /acessos/perfis/:permId',
      'PUT /acessos/usuarios/:userId',
    ]);
    for (const c of [mailContracts.outbox, ...Object.values(accessAdminContracts)]) expect(c.access).toEqual({ roles: ['superadmin'] });
  });
});
