import { useSyncExternalStore } from 'react';

/** Set when the server answers 503 {code: 'maintenance'}; cleared when the session call answers again. */
export type MaintenanceState = { message: string } | null;

let state: MaintenanceState = null;
const listeners = new Set<() => void>();

function set(next: MaintenanceState): void {
  if (next === state || (next && state && next.message === state.message)) return;
  state = next;
  for (const listener of listeners) listener();
}

export const reportMaintenance = (message: string) => set({ message });
export const clearMaintenance = () => set(null);
export const maintenanceSnapshot = (): MaintenanceState => state;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMaintenance(): MaintenanceState {
  return useSyncExternalStore(subscribe, maintenanceSnapshot);
}
