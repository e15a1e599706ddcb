import { passwordStrength, type PasswordScorer } from '@assoc/domain';

let loading: Promise<PasswordScorer> | undefined;

/**
 * zxcvbn-ts with the pt-br and common dictionaries (the same option set the server uses), loaded on
 * first use: the dictionaries are about half a megabyte, so the reset form shows before they arrive.
 */
export function loadPasswordScorer(): Promise<PasswordScorer> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-pt-br')]).then(
    ([core, common, ptBr]) => {
      const factory = new core.ZxcvbnFactory({
        translations: ptBr.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...ptBr.dictionary },
      });
      return (password, userInputs) => factory.check(password, userInputs);
    },
  );
  return loading;
}

/** The reset page's strength rule (spec 3 §5), as the server applies it. */
export const checkPasswordStrength = (scorer: PasswordScorer, password: string, userInputs: string[] = []) =>
  passwordStrength(password, scorer, userInputs);
