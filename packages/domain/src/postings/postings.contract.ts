import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { phoneSearchBodySchema, phoneSearchResultSchema, postableServiceSchema, postingBodySchema, postingStartedSchema } from './postings.schema.js';

/** /lancamentos's calls need its role (v2menulancamentos, spec 2 §6). */
const access = { roles: ['v2menulancamentos'] } as const;
const tags = ['lancamentos'] as const;

export const postingContracts = {
  services: defineContract({
    method: 'GET',
    path: '/lancamentos',
    reply: z.array(postableServiceSchema),
    access,
    summary: 'Serviços que podem ser lançados: tipo, plugin (lanccelular, lancbar ou padrão), parcelas máximas e se só titular',
    tags,
  }),
  post: defineContract({
    method: 'POST',
    path: '/lancamentos',
    body: postingBodySchema,
    reply: postingStartedSchema,
    access,
    summary:
      'Lança as linhas (até 50) do serviço: confere tudo e enfileira a tarefa que grava um lançamento por linha e parcela (a 1ª no período em aberto, a k-ésima k períodos adiante); idempotente por lancamentoKey',
    tags,
  }),
  postFile: defineContract({
    method: 'POST',
    path: '/lancamentos/files',
    reply: postingStartedSchema,
    access,
    summary:
      'Lançamento por arquivo (multipart: campo svcId e arquivo XLSX, CSV ou TXT): um arquivo com linhas inválidas é recusado por inteiro (400 com errorMessage nomeando as primeiras linhas) e nada é lançado',
    description:
      'Corpo `multipart/form-data`: campo `svcId` e o arquivo `file`. Linhas: CPF ou telefone (11 dígitos), valor em reais (1.234,56 ou 1234.56) e parcelas (opcional, 1 por padrão), separados por `;`, `,` ou tabulação; a primeira linha pode ser um cabeçalho. XLS é recusado.',
    tags,
  }),
  searchPhones: defineContract({
    method: 'POST',
    path: '/search/phones',
    body: phoneSearchBodySchema,
    reply: z.array(phoneSearchResultSchema),
    access,
    summary: 'Associados com o telefone dado (11 dígitos): nenhum = não localizado; mais de um = problema a analisar',
    tags,
  }),
};
