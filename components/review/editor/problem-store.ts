'use client';

import { useSyncExternalStore } from 'react';
import type { FieldMessage } from '@/components/review/fields';

/** One listed problem: a validation error or warning, a save problem, or text that is no value. */
export interface Problem {
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

const NONE: FieldMessage[] = [];
const sameMessages = (a: FieldMessage[], b: FieldMessage[]) =>
  a.length === b.length && a.every((m, i) => m.message === b[i].message && m.severity === b[i].severity);

/**
 * The editor's problems, outside React state: a field subscribes to its own pointer only, so
 * a keystroke that changes one field's errors re-renders that field (and the summary), not
 * the whole form.
 */
export class ProblemStore {
  /** Text on screen that reads as no value (`02/31/2026`): saving waits until it is fixed. */
  private typing = new Map<string, string>();
  /** Problems found from the values (entry errors, required, live validation), in order. */
  private found: Problem[] = [];
  private list: Problem[] = [];
  private at = new Map<string, FieldMessage[]>();
  private fieldListeners = new Map<string, Set<() => void>>();
  private listeners = new Set<() => void>();

  setFound(problems: Problem[]) {
    this.found = problems;
    this.recompute();
  }

  setTyping(pointer: string, message: string | null) {
    if ((this.typing.get(pointer) ?? null) === message) return;
    if (message === null) this.typing.delete(pointer);
    else this.typing.set(pointer, message);
    this.recompute();
  }

  clearTyping() {
    if (this.typing.size === 0) return;
    this.typing = new Map();
    this.recompute();
  }

  private recompute() {
    const list: Problem[] = [
      ...[...this.typing].map(([path, message]) => ({ path, message, severity: 'error' as const })),
      ...this.found,
    ];
    const at = new Map<string, FieldMessage[]>();
    for (const p of list)
      at.set(p.path, [...(at.get(p.path) ?? []), { message: p.message, severity: p.severity }]);
    const changed = new Set<string>();
    for (const [path, messages] of at)
      if (!sameMessages(this.at.get(path) ?? NONE, messages)) changed.add(path);
    for (const path of this.at.keys()) if (!at.has(path)) changed.add(path);
    // Unchanged lists keep their identity, so their fields do not re-render.
    for (const path of at.keys()) if (!changed.has(path)) at.set(path, this.at.get(path) ?? NONE);
    this.list = list;
    this.at = at;
    for (const path of changed) for (const fn of this.fieldListeners.get(path) ?? []) fn();
    for (const fn of this.listeners) fn();
  }

  problems = () => this.list;
  typingCount = () => this.typing.size;
  messagesAt = (pointer: string) => this.at.get(pointer) ?? NONE;

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  subscribeAt(pointer: string, fn: () => void) {
    const set = this.fieldListeners.get(pointer) ?? new Set<() => void>();
    this.fieldListeners.set(pointer, set);
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.fieldListeners.delete(pointer);
    };
  }
}

export function useFieldMessages(store: ProblemStore, pointer: string): FieldMessage[] {
  return useSyncExternalStore(
    (fn) => store.subscribeAt(pointer, fn),
    () => store.messagesAt(pointer),
    () => store.messagesAt(pointer),
  );
}

export const useProblems = (store: ProblemStore) =>
  useSyncExternalStore(store.subscribe, store.problems, store.problems);
export const useTypingCount = (store: ProblemStore) =>
  useSyncExternalStore(store.subscribe, store.typingCount, store.typingCount);
