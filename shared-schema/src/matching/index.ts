// Buyer ↔ property matching (docs/product.md#matching): the public part; rules.ts and profile.ts hold the rest.
export { MATCH_WEIGHTS, MAX_OVER_BUDGET_PERCENT, MATCHABLE_STATUSES, MATCH_PROPERTY_TYPES } from './rules';
export type { MatchableClient, MatchableProperty } from './profile';
export {
  matchBuyersForProperty,
  matchPropertiesForBuyer,
  prepareProperties,
  type BuyerMatch,
  type MatchOptions,
  type PreparedProperties,
  type PropertyMatch,
} from './match';
export { buyersPreparer, prepareBuyers, type BuyersPreparer, type PreparedBuyers } from './prepare-buyers';
