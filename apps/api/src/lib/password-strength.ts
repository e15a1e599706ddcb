import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as ptBr from '@zxcvbn-ts/language-pt-br';
import { passwordStrength, type PasswordScorer } from '@assoc/domain';

// Built on first use: loading the dictionaries takes ~80 ms.
let factory: ZxcvbnFactory | undefined;

/** zxcvbn-ts with the pt-br and common dictionaries (the same option set as the web form). */
const scorer: PasswordScorer = (password, userInputs) => {
  factory ??= new ZxcvbnFactory({
    translations: ptBr.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
  });
  return factory.check(password, userInputs);
};

/** The reset page's strength rule (spec 3 §5), enforced by the server too. */
export const checkPasswordStrength = (password: string, userInputs: string[] = []) => passwordStrength(password, scorer, userInputs);
