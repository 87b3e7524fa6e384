/** A creator's payee (spec section 3: bank account and invoice) and the master banks and branches it is picked from: the server's types (lib/api, generated). */
import type { Body, View } from '@/lib/api/wire';

export type DepositType = View<'DepositType'>;

export type Bank = View<'Bank'>;
export type BankBranch = View<'BankBranch'>;

/** `bankId` and `bankBranchId` are null only for an account registered before the master list. */
export type BankAccount = View<'BankAccount'>;

/** `paysFrom` (`2026-12-01`): the first month whose payment goes to this account. */
export type BankAccountDetail = View<'BankAccountDetail'>;

export type BankAccountInput = Body<'BankAccountInput'>;
