import { useSyncExternalStore } from 'react';

export type AlertVariant = 'success' | 'error' | 'warning';

export interface AlertOptions {
  variant: AlertVariant;
  title: string;
  text?: string;
  /** Milliseconds until it closes itself; success and error default to 2 s (spec §8). */
  timer?: number | null;
  /** Text of the button; success and error have none, warning has OK unless told otherwise. */
  confirmText?: string | null;
}

export interface OpenAlert extends AlertOptions {
  id: number;
  resolve: () => void;
}

export const ALERT_TIMER_MS = 2_000;

let current: OpenAlert | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: OpenAlert | null) {
  current = next;
  for (const l of listeners) l();
}

/** A modal alert (success / warning / error); resolves when it closes. */
export function showAlert(options: AlertOptions): Promise<void> {
  current?.resolve();
  const defaults =
    options.variant === 'warning' ? { timer: null } : { timer: ALERT_TIMER_MS, confirmText: null };
  return new Promise((resolve) => {
    set({ ...defaults, ...options, id: nextId++, resolve });
  });
}

export function closeAlert(id: number) {
  if (current?.id !== id) return;
  const done = current.resolve;
  set(null);
  done();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => current;

/** The open alert now (for code outside React, and tests). */
export const peekAlert = (): OpenAlert | null => current;

export function useOpenAlert(): OpenAlert | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
