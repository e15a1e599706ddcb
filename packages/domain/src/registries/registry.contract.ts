import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { versionQuerySchema, withVersion } from '../record-version.js';

/** The key of a registry record in its path (PUT/DELETE {path}/:id). */
export const registryIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

export interface RegistryContractsSpec<P extends string, B extends z.ZodType, R extends z.ZodType, W extends z.ZodType> {
  /** Path under /api/v1, without its leading slash ('feriados', 'process/terceiros'). */
  path: P;
  /** The noun of the generic summaries ('feriados'). */
  noun: string;
  /** OpenAPI tag. */
  tag: string;
  /** The listed record. */
  record: R;
  /** The record the writes answer, when it is more than the listed one (a region with its cities). */
  written?: W;
  /** The domain's form schema (POST body; PUT adds the version read). */
  body: B;
  /**
   * Screens (paths of the route table) whose roles open each call: the caller needs every role of one
   * of them (the web route guard's rule).
   */
  screens: { read: readonly string[]; write: readonly string[] };
  /** Summaries that say more than the generic ones. */
  summaries?: Partial<Record<'list' | 'add' | 'update' | 'remove', string>>;
}

/**
 * The four calls of one registry (spec 3 §7 "generic table calls"): GET {path} lists, POST {path} adds
 * (200, the record), PUT {path}/:id saves the version read or recovers a deleted row (200, the record),
 * DELETE {path}/:id?version= soft-deletes (200, the deleted record).
 */
export function registryContracts<const P extends string, B extends z.ZodType, R extends z.ZodType, W extends z.ZodType = R>(
  spec: RegistryContractsSpec<P, B, R, W>,
) {
  const { noun, summaries = {} } = spec;
  const tags = [spec.tag] as const;
  const read = { screens: spec.screens.read } as const;
  const write = { screens: spec.screens.write } as const;
  const written = (spec.written ?? spec.record) as W;
  return {
    list: defineContract({
      method: 'GET',
      path: `/${spec.path}` as `/${P}`,
      reply: z.array(spec.record),
      access: read,
      summary: summaries.list ?? `Lista de ${noun}`,
      tags,
    }),
    add: defineContract({
      method: 'POST',
      path: `/${spec.path}` as `/${P}`,
      body: spec.body,
      reply: written,
      access: write,
      summary: summaries.add ?? `Adiciona ${noun} (responde o registro)`,
      tags,
    }),
    update: defineContract({
      method: 'PUT',
      path: `/${spec.path}/:id` as `/${P}/:id`,
      params: registryIdParamsSchema,
      body: withVersion(spec.body),
      reply: written,
      access: write,
      summary: summaries.update ?? `Altera ${noun} na versão lida (409 se outro usuário alterou); num registro apagado, também o recupera`,
      tags,
    }),
    remove: defineContract({
      method: 'DELETE',
      path: `/${spec.path}/:id` as `/${P}/:id`,
      params: registryIdParamsSchema,
      query: versionQuerySchema,
      reply: written,
      access: write,
      summary: summaries.remove ?? `Apaga ${noun} na versão lida (?version=; 409 se outro usuário alterou; recuperável com PUT)`,
      tags,
    }),
  };
}

export type RegistryContracts = ReturnType<typeof registryContracts<string, z.ZodType, z.ZodType, z.ZodType>>;
