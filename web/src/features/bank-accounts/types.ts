/** A creator's payee (spec section 3: bank account and invoice) and the master banks and branches it is picked from. */
export type DepositType = 'ordinary' | 'current' | 'savings';

export interface Bank {
  id: number;
  name: string;
  bankCode: string;
  kana: string;
}

export interface BankBranch {
  id: number;
  name: string;
  bankBranchCode: string;
  bankId: number;
  kana: string;
}

export interface BankAccount {
  id: number;
  /** Null only for an account registered before the master list. */
  bankId: number | null;
  bankName: string;
  bankCode: string;
  bankBranchId: number | null;
  branchName: string;
  branchCode: string;
  depositType: DepositType;
  number: string;
  holderKana: string;
}

export interface BankAccountDetail {
  bankAccount: BankAccount;
  invoice: { registrationNumber: string | null };
  /** `2026-12-01`: the first month whose payment goes to this account. */
  paysFrom: string | null;
}

export interface BankAccountInput {
  bankAccount: {
    bankId: number | null;
    bankBranchId: number | null;
    depositType: DepositType;
    number: string;
    holderKana: string;
  };
  invoice: { registrationNumber: string | null };
}
