/** Word handling for the instant classifier: lower-case words, a light plural stemmer, stop words. */

export const STOP_WORDS = new Set(
  "a an and are as at be by for from has have in is it its of on or our the their to we with who you your this that these those all across other n e c activities services service company ltd limited uk".split(
    " ",
  ),
);

export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** Every word of the text, stemmed (stop words included: TotalWordsProcessed counts them). */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem);
}

export function contentWords(text: string): string[] {
  return words(text).filter((w) => !STOP_WORDS.has(w));
}

/** How often the phrase (already stemmed words) occurs in the text's word sequence. */
export function countPhrase(text: readonly string[], phrase: readonly string[]): number {
  if (phrase.length === 0) return 0;
  let n = 0;
  for (let k = 0; k + phrase.length <= text.length; k++) {
    if (phrase.every((w, j) => text[k + j] === w)) n++;
  }
  return n;
}
