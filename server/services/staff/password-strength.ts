import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { STAFF_MESSAGES } from '#domain/staff.ts';
import { badRequest } from '../../http/errors.ts';
import { isCommonPassword } from '../accounts/passwords.ts';

/**
 * zxcvbn's score 3 means about 10^8 guesses: out of reach of an online attack through the
 * throttled sign-in, and past every leaked-password list (`password1234` scores 1).
 */
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** Refuses a staff password that is common or easy to guess (its dictionaries load once). */
export function assertStrongStaffPassword(
  password: string,
  field: string,
  personal: string[] = [],
): void {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  const weak =
    isCommonPassword(password) ||
    estimator.check(password, ['tessera', 'back office', ...personal]).score < MIN_SCORE;
  if (weak) throw badRequest(STAFF_MESSAGES.passwordWeak, { [field]: STAFF_MESSAGES.passwordWeak });
}
