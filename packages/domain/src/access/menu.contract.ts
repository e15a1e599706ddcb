import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import type { JobCommand } from './jobs.js';
import type { MenuTreeNode } from './menu.js';
import { allRoles, type Role } from './roles.js';

const roleSchema = z.enum(allRoles as [Role, ...Role[]]);

/** A background job of the menu (access/jobs.ts). */
export const jobCommandSchema: z.ZodType<JobCommand> = z.object({
  command: z.string(),
  label: z.string(),
  question: z.string(),
  role: roleSchema,
  plan: z.union([z.literal(21), z.literal(22)]).optional(),
  allowDuplicates: z.boolean().optional(),
  /** Not built yet (the area that will build it): sending it answers 501. */
  pending: z.string().optional(),
});

/** One node of the menu GET tree serves (`menuFor`). */
export const menuTreeNodeSchema: z.ZodType<MenuTreeNode> = z.object({
  label: z.string(),
  role: roleSchema.optional(),
  target: z.string().optional(),
  to: z.string().optional(),
  job: jobCommandSchema.optional(),
  url: z.string().optional(),
  get children() {
    return z.array(menuTreeNodeSchema).optional();
  },
});

/** GET tree (decision 21): the signed-in user's menu from the one role-annotated definition. */
export const menuContracts = {
  tree: defineContract({
    method: 'GET',
    path: '/tree',
    reply: z.array(menuTreeNodeSchema),
    access: { signedIn: true },
    summary: 'Menu do usuário, filtrado pelos seus papéis',
    tags: ['sessão'],
  }),
};
