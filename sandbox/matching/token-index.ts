import type { Dataset } from "../data/dataset";
import { STOP_TOKENS, coreTokens } from "./normalise";
import { trigrams, tokenSimilarity } from "./similarity";

/**
 * The slow route's candidate index: a vocabulary of name tokens, company postings per token in
 * compact int32 arrays, and a trigram index over the vocabulary so a misspelt word still finds the
 * companies of the words it resembles.
 */
export class TokenIndex {
  private readonly vocab = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;
  private readonly wordTrigrams = new Map<string, number[]>();

  constructor(ds: Dataset) {
    let pairs = new Int32Array(ds.size * 4);
    let n = 0;
    for (let i = 0; i < ds.size; i++) {
      for (const t of new Set(coreTokens(ds.names[i] ?? ""))) {
        let id = this.vocab.get(t);
        if (id === undefined) {
          id = this.words.length;
          this.vocab.set(t, id);
          this.words.push(t);
        }
        if (n + 2 > pairs.length) {
          const bigger = new Int32Array(pairs.length * 2);
          bigger.set(pairs);
          pairs = bigger;
        }
        pairs[n++] = id;
        pairs[n++] = i;
      }
    }
    this.offsets = new Int32Array(this.words.length + 1);
    for (let k = 0; k < n; k += 2) this.offsets[(pairs[k] ?? 0) + 1]!++;
    for (let w = 0; w < this.words.length; w++) this.offsets[w + 1]! += this.offsets[w] ?? 0;
    this.postings = new Int32Array(n / 2);
    const fill = this.offsets.slice(0, this.words.length);
    for (let k = 0; k < n; k += 2) this.postings[fill[pairs[k] ?? 0]!++] = pairs[k + 1] ?? 0;
    this.words.forEach((w, id) => {
      for (const g of trigrams(w)) {
        const list = this.wordTrigrams.get(g);
        if (list) list.push(id);
        else this.wordTrigrams.set(g, [id]);
      }
    });
  }

  /** How many companies have this word; 0 for an unknown word. */
  frequency(word: string): number {
    const id = this.vocab.get(word);
    return id === undefined ? 0 : (this.offsets[id + 1] ?? 0) - (this.offsets[id] ?? 0);
  }

  companiesWith(word: string): Int32Array {
    const id = this.vocab.get(word);
    return id === undefined
      ? new Int32Array(0)
      : this.postings.subarray(this.offsets[id] ?? 0, this.offsets[id + 1] ?? 0);
  }

  /** Known words resembling `word` (itself first when known), with their similarity. */
  similarWords(word: string, limit = 8): [string, number][] {
    const counts = new Map<number, number>();
    for (const g of trigrams(word))
      for (const id of this.wordTrigrams.get(g) ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...counts.keys()]
      .map((id): [string, number] => [this.words[id] ?? "", tokenSimilarity(word, this.words[id] ?? "")])
      .filter(([, s]) => s > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit);
  }

  /** Words worth searching by: stop words only when the name has nothing else. */
  static searchWords(tokens: readonly string[]): string[] {
    const useful = tokens.filter((t) => !STOP_TOKENS.has(t));
    return useful.length > 0 ? useful : [...tokens];
  }
}
