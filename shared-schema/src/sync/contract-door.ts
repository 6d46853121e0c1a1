// '@casa/shared-schema/sync-contract': the sync contract's schemas with zod and its setup, without the entity
// schemas. The device's sync client loads it on its own when it first checks an answer, so a signed-in
// reload evaluates zod alone, in a task of its own, not the whole schema index (issue 19,
// docs/boundaries.md "The start's chunks").
import '../zod-setup';

export * from './contract';
