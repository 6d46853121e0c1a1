import { useCallback, useEffect, useState, type SetStateAction } from 'react';

export type Loaded<T> = {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  setData: (next: SetStateAction<T | undefined>) => void;
};

type Result<T> = { key: string; data: T | undefined; error: unknown };

/** Runs `load` once per key and keeps its answer; no retries and no refetch on focus (docs/product.md#limits). */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [result, setResult] = useState<Result<T> | null>(null);
  useEffect(() => {
    let alive = true;
    load().then(
      (data) => alive && setResult({ key, data, error: null }),
      (error: unknown) => alive && setResult({ key, data: undefined, error }),
    );
    return () => {
      alive = false;
    };
    // `load` is recreated each render; the key says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const setData = useCallback(
    (next: SetStateAction<T | undefined>) =>
      setResult((prev) => {
        const base = prev ?? { key, data: undefined, error: null };
        const data =
          typeof next === 'function' ? (next as (p: T | undefined) => T | undefined)(base.data) : next;
        return { ...base, data };
      }),
    [key],
  );
  const current = result?.key === key ? result : null;
  return { data: current?.data, error: current?.error ?? null, loading: current === null, setData };
}
