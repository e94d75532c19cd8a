import { finalEntryStatuses } from '@/lib/contract/schemas';

// A run item's status order: pending → processing → final, never backwards.

export const FINAL_STATUSES: readonly string[] = finalEntryStatuses;
export const isFinal = (status: string) => FINAL_STATUSES.includes(status);
/** pending 0, processing 1, final 2: an item's status never moves to a lower rank. */
export const statusRank = (status: string) => (status === 'pending' ? 0 : status === 'processing' ? 1 : 2);
