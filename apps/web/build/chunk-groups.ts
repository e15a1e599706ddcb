/**
 * The chunk groups of the web build (vite.config.ts's `output.codeSplitting.groups`), issue 28 "Speed": which module
 * goes into which of the few files a signed-in user loads after /login.
 */
import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../src');
/** What /login loads (the entry and the sign-in page): left to Rolldown's own chunking, not grouped below. */
const LOGIN_ROOTS = ['main.tsx', 'pages/LoginPage.tsx'];
/**
 * Issue 28 "Speed": what a portal member loads after /login, in two files instead of about 75 (HTTP/1.1 fetches six
 * at a time, each a round trip on a phone's network): the signed-in shell every user needs (the providers, the layout,
 * the home page and the prefetch module), then the portal's home (its page and the Cadastro tab). Each group holds
 * only the modules its roots import statically and /login does not, so /login loads none of it and the portal group
 * holds no staff screen (scripts/bundle-budget.mjs checks both).
 */
const CHUNK_GROUPS: ReadonlyArray<{ name: string; roots: string[] }> = [
  { name: 'signed-in', roots: ['app/layout/ShellProviders.tsx', 'app/layout/SignedIn.tsx', 'pages/HomePage.tsx', 'app/prefetch.ts'] },
  { name: 'portal-home', roots: ['pages/PortalPage.tsx', 'modules/portal/cadastro/CadastroTab.tsx', 'modules/portal/prefetch.ts'] },
];

interface ModuleGraph {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[]; exports: readonly string[] } | null;
}

/**
 * A package's index that only re-exports (Mantine's, the icons', the domain's): a module importing a few names from it
 * needs only the modules defining them, not the whole index (which would make every Mantine component look used by
 * /login).
 */
const BARREL =
  /node_modules[\\/](@mantine[\\/][a-z]+[\\/]esm[\\/]index\.mjs|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](tabler-icons-react|icons[\\/]index)\.mjs)$|packages[\\/]domain[\\/]src[\\/](.+[\\/])?index\.ts$/;
/** `import { a, b as c } from "spec"` (named imports only; anything else from a barrel takes it whole). */
const NAMED_IMPORT = /(?:import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const OTHER_IMPORT = /(?:import|export)\s*(?:\*|[\w$]+)(?:\s+as\s+[\w$]+)?\s*from\s*["']([^"']+)["']/g;

/** Whether `spec` (as written in an import) names the barrel module `id`. */
function specNames(spec: string, id: string) {
  if (spec === '@assoc/domain') return /packages[\\/]domain[\\/]src[\\/]index\.ts$/.test(id);
  if (spec.startsWith('.')) return id.replace(/\.(ts|tsx|mjs|js)$/, '').endsWith(spec.replace(/^(\.\.?\/)+/, '').replace(/\.(ts|tsx|mjs|js)$/, ''));
  return id.includes(`node_modules/${spec}/`);
}

/** The module defining `name` behind a barrel (through nested barrels); null when not found. */
function definer(graph: ModuleGraph, barrel: string, name: string, depth = 0): string | null {
  const info = graph.getModuleInfo(barrel);
  if (!info || depth > 4) return null;
  for (const id of info.importedIds) {
    // A nested index's own `exports` may not list what it re-exports with `export *`: looked into.
    const found = BARREL.test(id) ? definer(graph, id, name, depth + 1) : graph.getModuleInfo(id)?.exports.includes(name) ? id : null;
    if (found) return found;
  }
  return null;
}

/**
 * The modules `roots` import statically, transitively (themselves included), following from a barrel only the names
 * imported; conservative where unsure (a namespace import, a name not found: the barrel whole).
 */
function staticClosure(graph: ModuleGraph, roots: string[], into = new Set<string>()) {
  const visit = (id: string) => {
    if (into.has(id)) return;
    const info = graph.getModuleInfo(id);
    if (!info) return;
    into.add(id);
    const barrels = info.importedIds.filter((imported) => BARREL.test(imported));
    const code = info.code ?? '';
    const whole = new Set<string>(code ? [] : barrels);
    const names = new Map<string, Set<string>>();
    for (const [, list, spec] of code.matchAll(NAMED_IMPORT)) {
      const barrel = barrels.find((b) => specNames(spec!, b));
      if (!barrel) continue;
      const set = names.get(barrel) ?? new Set<string>();
      for (const part of list!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name) set.add(name);
      }
      names.set(barrel, set);
    }
    for (const [, spec] of code.matchAll(OTHER_IMPORT)) {
      const barrel = barrels.find((b) => specNames(spec!, b));
      if (barrel) whole.add(barrel);
    }
    for (const barrel of barrels) if (!names.has(barrel)) whole.add(barrel);
    for (const imported of info.importedIds) {
      if (!BARREL.test(imported) || whole.has(imported)) visit(imported);
    }
    for (const [barrel, list] of names) {
      if (whole.has(barrel)) continue;
      for (const name of list) {
        const found = definer(graph, barrel, name);
        if (found) visit(found);
        else {
          visit(barrel);
          break;
        }
      }
    }
  };
  roots.forEach((root) => visit(path.join(src, root)));
  return into;
}

/** The group of each grouped module, computed once per build from the module graph. */
const groupsOf = new WeakMap<object, Map<string, string>>();
export function chunkGroupOf(id: string, graph: ModuleGraph): string | null {
  let groups = groupsOf.get(graph);
  if (!groups) {
    groups = new Map();
    const taken = staticClosure(graph, LOGIN_ROOTS);
    for (const group of CHUNK_GROUPS) {
      // The roots stay chunks of their own (small, loaded beside the group's file): the manifest keeps naming them.
      const roots = new Set(group.roots.map((root) => path.join(src, root)));
      for (const module of staticClosure(graph, group.roots)) {
        if (!taken.has(module) && !roots.has(module)) groups.set(module, group.name);
        taken.add(module);
      }
    }
    groupsOf.set(graph, groups);
  }
  return groups.get(id) ?? null;
}
