/**
 * The field paths of a form's values, typed from its schema (issue 23 item 6): 'custName', 'enderecoResidencial.adZipcode',
 * 'usuarioServicos', 'usuarioServicos.0.svcId' (any index), so a misspelled path fails the typecheck. A loosely typed
 * form (`Record<string, unknown>`: the generic registry screens) accepts any string.
 */
type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | Blob;

/** Depth guard: the member's deepest path is 'parentFilhos.0.usuarioServicos.0.cslStr1' (5 steps). */
type Depth = [never, 0, 1, 2, 3, 4, 5, 6];

type PathsOf<T, D extends number> = [D] extends [never]
  ? never
  : T extends Leaf
    ? never
    : T extends readonly (infer Item)[]
      ? `${number}` | `${number}.${PathsOf<NonNullable<Item>, Depth[D]>}`
      : string extends keyof T
        ? string
        : { [K in keyof T & string]: K | `${K}.${PathsOf<NonNullable<T[K]>, Depth[D]>}` }[keyof T & string];

export type FieldPath<T> = PathsOf<T, 6>;
