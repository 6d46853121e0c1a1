import { useEffect, useState } from 'react';
import type * as Schemas from '@casa/shared-schema';

/** The schema index (zod and every entity schema). */
export type SchemaIndex = typeof Schemas;

let loaded: SchemaIndex | undefined;
let loading: Promise<SchemaIndex> | undefined;

/** Loads the schema index once; later calls share the first load. */
export function loadSchemaIndex(): Promise<SchemaIndex> {
  loading ??= import('@casa/shared-schema').then((module) => (loaded = module));
  return loading;
}

/**
 * The schema index for a component of the signed-in start, loaded after its first render: the start
 * evaluates no zod (docs/decisions.md, `NOT_IN` in web/build/chunk-groups.ts). `undefined` until loaded.
 */
export function useSchemaIndex(): SchemaIndex | undefined {
  const [schemas, setSchemas] = useState(loaded);
  useEffect(() => {
    if (schemas) return;
    let alive = true;
    void loadSchemaIndex().then((module) => {
      if (alive) setSchemas(module);
    });
    return () => {
      alive = false;
    };
  }, [schemas]);
  return schemas;
}
