'use client';

import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import {
  currencyDigits,
  type DateOrder,
  type DecimalSeparator,
  dateOrderOf,
  decimalSeparatorOf,
} from '@/lib/review/locale-text';

/** How this reviewer reads and writes numbers and dates in the editor. */
export interface InputLocale {
  locale: string;
  decimal: DecimalSeparator;
  dateOrder: DateOrder;
  /** The entry's currency (ISO 4217), when its data names one: money fields show its digits. */
  currency: string | null;
  moneyDigits: number;
}

const DATE_ORDER_KEY = 'emend:date-order';
// The server renders with a fixed locale; the browser's takes over right after hydration.
const SERVER = { locale: 'en-US', dateOrder: 'mdy' as DateOrder };

const listeners = new Set<() => void>();
function subscribe(fn: () => void) {
  listeners.add(fn);
  window.addEventListener('storage', fn);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', fn);
  };
}

function storedDateOrder(): DateOrder | null {
  try {
    const v = window.localStorage.getItem(DATE_ORDER_KEY);
    return v === 'dmy' || v === 'mdy' ? v : null;
  } catch {
    return null;
  }
}

const browserLocale = () => navigator.language || SERVER.locale;
const browserDateOrder = () => storedDateOrder() ?? dateOrderOf(browserLocale());

/** The reviewer's date order: chosen in the editor (kept in this browser), else the browser's. */
export function setDateOrder(order: DateOrder) {
  try {
    window.localStorage.setItem(DATE_ORDER_KEY, order);
  } catch {
    // Storage disabled: the choice lasts until the page is left.
  }
  for (const fn of listeners) fn();
}

const Context = createContext<InputLocale>({
  ...SERVER,
  decimal: '.',
  currency: null,
  moneyDigits: 2,
});

/** A currency named by the entry's data (`currency`, `currency_code`), if it is an ISO code. */
export function currencyOf(data: Record<string, unknown>): string | null {
  for (const key of ['currency', 'currency_code', 'currencyCode']) {
    const v = data[key];
    if (typeof v === 'string' && /^[A-Za-z]{3}$/.test(v.trim())) return v.trim().toUpperCase();
  }
  return null;
}

export function InputLocaleProvider({
  currency,
  children,
}: {
  currency: string | null;
  children: React.ReactNode;
}) {
  const locale = useSyncExternalStore(subscribe, browserLocale, () => SERVER.locale);
  const dateOrder = useSyncExternalStore(subscribe, browserDateOrder, () => SERVER.dateOrder);
  const value = useMemo<InputLocale>(
    () => ({
      locale,
      decimal: decimalSeparatorOf(locale),
      dateOrder,
      currency,
      moneyDigits: currencyDigits(currency),
    }),
    [locale, dateOrder, currency],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useInputLocale = () => useContext(Context);

/** The date order and a setter, for the editor's format choice. */
export function useDateOrder(): [DateOrder, (order: DateOrder) => void] {
  const { dateOrder } = useInputLocale();
  return [dateOrder, useCallback((o: DateOrder) => setDateOrder(o), [])];
}
