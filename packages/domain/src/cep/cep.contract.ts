import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { cepMessages } from '../registries/registries.messages.js';
import { cepAddressSchema } from '../registries/terceiro.schema.js';

/** The CEP lookup through our server (decision 11). */
export const cepContracts = {
  lookup: defineContract({
    method: 'GET',
    path: '/cep/:cep',
    params: z.object({ cep: z.string().regex(/^\d{8}$/, cepMessages.invalid) }),
    reply: cepAddressSchema,
    access: { signedIn: true },
    summary: 'Endereço do CEP (serviço externo compatível com ViaCEP, com tempo limite e cache)',
    tags: ['cep'],
  }),
};
