import { normalizeForSearch } from '../text/normalize';
import { buyerProfile, type BuyerProfile, type MatchableClient } from './profile';
import type { Zone } from './rules';

// The prepared buyer index of matching (match.ts): built once, reused by every property's call. The server
// builds it from 50,000 clients read in pages, yielding its event loop between them (`buyersPreparer`).

/** The buyers among the clients, ranked by name (pt-PT) then id, with their zones numbered once. */
export type PreparedBuyers = {
  readonly buyers: readonly BuyerProfile[];
  readonly zones: readonly Zone[];
  /** The zones of buyer i are zoneIds[zoneStart[i] … zoneStart[i + 1]). */
  readonly zoneIds: Int32Array;
  readonly zoneStart: Int32Array;
  readonly budget: Float64Array;
  /** Scratch buffers reused by every call: zone levels for one property, sort keys of the matches. */
  readonly levels: Int8Array;
  readonly keys: Float64Array;
};

export function prepareBuyers(clients: readonly MatchableClient[]): PreparedBuyers {
  const preparer = buyersPreparer();
  preparer.add(clients);
  return preparer.finish();
}

/** `prepareBuyers` a slice of clients at a time: `finish` answers the same ranking whatever the slices. */
export type BuyersPreparer = { add(clients: readonly MatchableClient[]): void; finish(): PreparedBuyers };

/**
 * `add` does the work of its slice: the profiles, the zones parsed and numbered, the name keys, the slice
 * sorted by key and merged with the previous ones as a binary counter (two runs of about the same length),
 * so a slice's share stays near its own size. `finish` merges what is left, lets the collator fix the few
 * pairs the keys order differently, and lays the buyers out in arrays.
 */
export function buyersPreparer(): BuyersPreparer {
  const zoneCache = new Map<string, readonly Zone[]>();
  const zones: Zone[] = [];
  const zoneIndex = new Map<string, number>();
  // Buyers with the same zone texts share one zone list (zoneCache), so they share its numbers too.
  const numbered = new Map<readonly Zone[], readonly number[]>();
  const numbers = (list: readonly Zone[]) => {
    let ids = numbered.get(list);
    if (!ids) {
      ids = list.map((z) => {
        let id = zoneIndex.get(z.text);
        if (id === undefined) {
          id = zones.push(z) - 1;
          zoneIndex.set(z.text, id);
        }
        return id;
      });
      numbered.set(list, ids);
    }
    return ids;
  };
  const runs: Keyed[][] = [];
  const mergeTop = () => {
    const b = runs.pop()!;
    runs.push(mergeRuns(runs.pop()!, b));
  };
  return {
    add(clients) {
      const run: Keyed[] = [];
      for (const c of clients) {
        const b = buyerProfile(c, zoneCache);
        if (b) run.push(keyedByName(b, numbers(b.zones)));
      }
      if (run.length === 0) return;
      runs.push(run.sort(byKey));
      while (runs.length > 1 && runs[runs.length - 2]!.length <= runs[runs.length - 1]!.length) mergeTop();
    },
    finish() {
      while (runs.length > 1) mergeTop();
      return layOut(fixByCollator(runs[0] ?? []), zones);
    },
  };
}

const collator = new Intl.Collator('pt-PT');
const plain = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Keyed = {
  readonly b: BuyerProfile;
  readonly key: string;
  readonly simple: boolean;
  /** The numbers of the buyer's zones. */
  readonly zoneIds: readonly number[];
};
const SIMPLE_KEY = /^[a-z ]*$/;
const WORDS = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;

/**
 * The collator costs about 1 µs a comparison (0.4 s for 50,000 names), so the names are first sorted by
 * their accent- and case-free form, nearly the collator's order.
 */
function keyedByName(b: BuyerProfile, zoneIds: readonly number[]): Keyed {
  const key = normalizeForSearch(b.name);
  return {
    b,
    key,
    simple: key.length === b.name.length && SIMPLE_KEY.test(key) && WORDS.test(b.name),
    zoneIds,
  };
}

/** A total order (ids differ): slices sorted and merged give what one sort gives, leaving the collator little to fix. */
const byKey = (x: Keyed, y: Keyed) =>
  plain(x.key, y.key) || plain(x.b.name, y.b.name) || plain(x.b.id, y.b.id);

function mergeRuns(a: readonly Keyed[], b: readonly Keyed[]): Keyed[] {
  const out: Keyed[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(byKey(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

const byName = (a: BuyerProfile, b: BuyerProfile) =>
  (a.name === b.name ? 0 : collator.compare(a.name, b.name)) || plain(a.id, b.id);

/**
 * Names of words of letters split by single spaces whose keys are plain a–z (accents and case gone, one
 * character each) compare as the collator does when their keys differ: letters alphabetically, a space before
 * any letter. Anything else (equal keys, hyphens, double spaces, other scripts) asks the collator.
 */
const before = (x: Keyed, y: Keyed) =>
  x.simple && y.simple && x.key !== y.key ? (x.key < y.key ? -1 : 1) : byName(x.b, y.b);

/**
 * From the key order to pt-PT order, then id, in place: an insertion sort fixes the few pairs out of place
 * ('ana' before 'Ana'); a list far from that order falls back to a plain collator sort.
 */
function fixByCollator(keyed: Keyed[]): Keyed[] {
  let moves = 4 * keyed.length;
  for (let i = 1; i < keyed.length && moves >= 0; i++) {
    const x = keyed[i]!;
    let j = i;
    for (; j > 0 && moves >= 0 && before(keyed[j - 1]!, x) > 0; j--, moves--) keyed[j] = keyed[j - 1]!;
    keyed[j] = x;
  }
  if (moves < 0) keyed.sort(before);
  return keyed;
}

function layOut(keyed: readonly Keyed[], zones: readonly Zone[]): PreparedBuyers {
  const buyers: BuyerProfile[] = [];
  const ids: number[] = [];
  const zoneStart = new Int32Array(keyed.length + 1);
  const budget = new Float64Array(keyed.length);
  keyed.forEach((k, i) => {
    buyers.push(k.b);
    budget[i] = k.b.budgetCents;
    for (const id of k.zoneIds) ids.push(id);
    zoneStart[i + 1] = ids.length;
  });
  return {
    buyers,
    zones,
    zoneIds: Int32Array.from(ids),
    zoneStart,
    budget,
    levels: new Int8Array(zones.length),
    keys: new Float64Array(keyed.length),
  };
}
