import { describe, expect, it } from 'vitest';
import { appModules } from '../modules/index.js';
import { defineModule, setupOrder, sortModules, type AppModule } from './module.js';

// Names outside ModuleName: the graph check works on any names (the type only guards real modules' needs).
const m = (name: string, ...needs: string[]) => ({ name, needs }) as unknown as Pick<AppModule, 'name' | 'needs'>;

describe('module graph (issue 23 item 2)', () => {
  it('sets a module up after the modules it needs; modules with no order between them keep their list order', () => {
    expect(setupOrder([m('a'), m('b'), m('c'), m('d')])).toEqual(['a', 'b', 'c', 'd']);
    expect(setupOrder([m('members', 'photos'), m('search'), m('photos', 'files'), m('files')])).toEqual(['files', 'photos', 'members', 'search']);
    expect(setupOrder([m('charges', 'ledger', 'members'), m('ledger', 'members'), m('members')])).toEqual(['members', 'ledger', 'charges']);
  });

  it('a need that names no listed module stops the start, naming both', () => {
    expect(() => setupOrder([m('files'), m('members', 'photos')])).toThrow('module members needs module photos, which is not listed');
  });

  it('a cycle stops the start, naming the modules of the cycle', () => {
    expect(() => setupOrder([m('a', 'b'), m('b', 'c'), m('c', 'a')])).toThrow('module dependency cycle: a → b → c → a');
    expect(() => setupOrder([m('x'), m('self', 'self')])).toThrow('module dependency cycle: self → self');
  });

  it('a module listed twice stops the start', () => {
    expect(() => setupOrder([m('files'), m('files')])).toThrow('module files is listed twice');
  });

  it("the app's own modules form a valid graph, each set up after what it needs", () => {
    const sorted = sortModules(appModules);
    expect(sorted).toHaveLength(appModules.length);
    const at = new Map(sorted.map((module, index) => [module.name, index]));
    for (const module of sorted) for (const need of module.needs ?? []) expect(at.get(need)!).toBeLessThan(at.get(module.name)!);
  });

  it('needs are typed: an unknown module name, or a service not declared, fails the typecheck', () => {
    // @ts-expect-error -- 'photo' names no module
    defineModule({ name: 'typo', needs: ['photo'] });
    defineModule({
      name: 'undeclared',
      needs: ['files'],
      setup(_app, { services }) {
        void services.files;
        // @ts-expect-error -- members is not among this module's needs
        void services.members;
      },
    });
  });
});
