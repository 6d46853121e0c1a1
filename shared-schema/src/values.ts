// '@casa/shared-schema/values': the package's plain data and the rules that need no schema, without zod. The
// web app's start imports from here, not from the index: the index configures zod when it loads
// (zod-jitless.ts, the pt-PT error map), and every schema module it reaches is built at import, which cost
// the start ~200 ms of script at 4× CPU (issue 19; docs/decisions.md, scripts/bench/README.md). Only modules
// that import no zod, directly or not, belong here: values.test.ts checks it, and the build fails if zod
// reaches the signed-in start (`NOT_IN` in web/build/chunk-groups.ts). The index re-exports all of them too: one
// definition, two doors.
export * from './messages';
export * from './errors';
export * from './enums/business-values';
export * from './enums/accounts-values';
export * from './enums/properties-values';
export * from './entities/plan-catalog';
export * from './format/currency';
export * from './format/dates';
export { LISBON_DAY_MONTH, LISBON_WALL_CLOCK } from './format/date-options';
export * from './format/system';
export * from './format/change';
export * from './format/property-price';
export * from './text/normalize';
export * from './geo/concelhos';
export * from './matching';
export * from './permissions';
// The entities' rules that need no schema (the entity modules build theirs with zod).
export * from './entities/client-rules';
export * from './entities/property-rules';
export * from './entities/property-photo-rules';
export * from './entities/tag-rules';
export * from './entities/follow-up-rules';
export * from './entities/cold-call-rules';
export * from './entities/campaign-rules';
export * from './entities/notification-rules';
export * from './entities/user-rules';
export * from './entities/user-settings-rules';
export * from './api/stats-rules';
export * from './api/cookies';
export { MutationRejection, rejectionMessage } from './mutators/rejection';
// The sync engine's plain side: the collections, the contract's values and the acted-at rule.
export * from './sync/collections';
export * from './sync/contract-values';
export * from './sync/acted-at';
