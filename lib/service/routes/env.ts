import type { Account } from '@/lib/service/accounts';
import type { Caller } from '@/lib/service/entries';

/** What the auth middleware puts on every request's context. */
export type ServiceEnv = { Variables: { account: Account; caller: Caller } };
