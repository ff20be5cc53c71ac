import { useSyncExternalStore } from 'react';

export type ToastSeverity = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  severity: ToastSeverity;
  message: string;
  /** Milliseconds until it closes by itself. */
  duration: number;
}

/** Spec §9: notifications close after 5 s; the generic response handler's success toast after 2 s. */
export const TOAST_DURATION_MS = 5_000;
export const SHORT_TOAST_DURATION_MS = 2_000;
const MAX_TOASTS = 5;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: Toast[]) {
  toasts = next;
  for (const l of listeners) l();
}

function push(severity: ToastSeverity, message: string, duration = TOAST_DURATION_MS): number {
  const id = nextId++;
  emit([...toasts, { id, severity, message, duration }].slice(-MAX_TOASTS));
  return id;
}

/** Toasts can be raised from anywhere (API client, stores), not only from components. */
export const toast = {
  success: (message: string, duration?: number) => push('success', message, duration),
  error: (message: string, duration?: number) => push('error', message, duration),
  warning: (message: string, duration?: number) => push('warning', message, duration),
  info: (message: string, duration?: number) => push('info', message, duration),
  dismiss: (id: number) => emit(toasts.filter((t) => t.id !== id)),
  clear: () => emit([]),
  /** The toasts showing now, newest last. */
  list: (): readonly Toast[] => toasts,
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => toasts;

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
