/**
 * Passwords that are easy to guess are refused at sign-up, whatever their length and mix of letters and digits
 * ('password1' and 'aaaaaaa1' pass the form's rule): zxcvbn-ts estimates how many guesses a password takes, from
 * lists of common passwords, words and names (English and Indonesian, so 'rahasia123' or 'sayangku1' count as weak
 * too), keyboard patterns, repeats, sequences and dates, and the customer's own e-mail and phone, and the shop's own
 * words (its name, tagline, city and domain: `guessableWords` in src/domain/validation.ts). A score of 2
 * ('somewhat guessable', about 10^8 guesses) is the least taken: a guesser limited to a few tries per address
 * (routes.ts) cannot get there. Its feedback comes in Indonesian, and the refusal says it.
 *
 * Server-side only: its dictionaries are megabytes, too much for a phone to download for a sign-up form, which keeps
 * the short rule of src/domain/validation.ts and shows the server's answer. Loaded on the first sign-up, not at start.
 */
import { MESSAGES } from '../../src/domain/messages';

export const MIN_SCORE = 2;
/**
 * A password that leans on the shop's or the e-mail's words needs one score more (10^8 guesses or more): whoever
 * targets this shop tries those words first, with their l33t forms ('J3pret#2026' scores 2).
 */
export const MIN_SCORE_OWN_WORDS = 3;
/** Past this the estimate costs more time than it tells: a longer password is judged by its first characters. */
const CHECKED_LENGTH = 100;

type Checker = (
  password: string,
  userInputs: string[],
) => { score: number; warning: string | null; suggestions: string[]; usesInputs: boolean };
let checker: Promise<Checker> | null = null;

async function loadChecker(): Promise<Checker> {
  const [{ ZxcvbnFactory }, common, en, id] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-id'),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    translations: id.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...id.dictionary },
  });
  return (password, userInputs) => {
    const { score, feedback, sequence } = zxcvbn.check(password.slice(0, CHECKED_LENGTH), userInputs);
    const usesInputs = sequence.some((m) => 'dictionaryName' in m && m.dictionaryName === 'userInputs');
    return { score, warning: feedback.warning, suggestions: feedback.suggestions, usesInputs };
  };
}

/**
 * Null when the password is strong enough; otherwise the message for the customer: why it is weak (the shop's or the
 * e-mail's words in it, else zxcvbn's Indonesian words when it says), and what to do instead.
 */
export async function weakPasswordMessage(password: string, userInputs: string[]): Promise<string | null> {
  checker ??= loadChecker();
  const result = (await checker)(password, userInputs.filter(Boolean));
  if (result.score >= (result.usesInputs ? MIN_SCORE_OWN_WORDS : MIN_SCORE)) return null;
  const why = result.usesInputs ? MESSAGES.password_names_shop : result.warning;
  return [MESSAGES.password_guessable, why, ...result.suggestions.slice(0, 1)].filter(Boolean).join(' ');
}
