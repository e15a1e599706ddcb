import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RegistryContracts } from '@assoc/domain';

/**
 * One registry of the generic pattern (spec 3 §7 "generic table calls"): GET {path} lists,
 * POST {path} adds (200, the record), PUT {path}/{key} updates or recovers a deleted row (200, the
 * record), DELETE {path}/{key}?version= soft-deletes (200, the deleted record). Each write runs in a
 * transaction with an audit row (decision 4); PUT and DELETE name the version they read (decision 5).
 */
export interface RegistryDefinition<Body extends z.ZodType = z.ZodType, Rec extends z.ZodType = z.ZodType> {
  /**
   * The four generic calls of the domain (path, summaries, the screens whose roles open them), when the
   * registry answers them (registerRegistry); the services' and regions' calls are their own.
   */
  contracts?: RegistryContracts;
  /** Audit category. */
  category: string;
  table: PgTable;
  key: PgColumn;
  deletedAt: PgColumn;
  /** The row's version (decision 5): every update, delete and restore must name it and bumps it. */
  version: PgColumn;
  /** Name of the key field in the API ('ferId'). */
  keyField: string;
  /** Extra condition every row of this registry meets (a template channel). */
  scope?: { column: PgColumn; value: string };
  /** Request body: the domain's form schema (the rules and their pt-BR messages). */
  body: Body;
  /** Reply record. */
  record: Rec;
  orderBy: Array<PgColumn | SQL>;
  /** Duplicates refused with a message: a condition matching another live row with the same value. */
  unique: Array<{ matches(input: z.output<Body>): SQL; message: string }>;
  /** Column values written from a valid body (the key is never written). */
  toRow(input: z.output<Body>): Record<string, unknown>;
  /** The reply record of a row. */
  toRecord(row: Record<string, unknown>): z.output<Rec>;
}

// Helper to keep each registry's types (and its contracts, when it has them) while storing them in one list.
export const defineRegistry = <Body extends z.ZodType, Rec extends z.ZodType, C extends RegistryContracts | undefined = undefined>(
  def: RegistryDefinition<Body, Rec> & { contracts?: C },
) => def as RegistryDefinition<Body, Rec> & { contracts: C };
