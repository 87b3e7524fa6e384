import type { ImageFile } from '@/lib/files';

export interface User {
  id: number;
  userName: string;
  roleType: string;
  imageFile: ImageFile | null;
  workStatus: 'notSet' | 'accepting' | 'conditionallyAccepting' | 'notAccepting' | string;
  hasSkill: boolean;
  hasBankAccount: boolean;
  hasPortfolio: boolean;
  hasPossibleWork: boolean;
  hasAttribute: boolean;
  isExistsNewInformation: boolean;
  client: { id: number; companyName: string } | null;
}

/** Complete only when attribute, bank account, portfolio, possible work and skill are all present. */
export const isProfileComplete = (u: User): boolean =>
  u.hasAttribute && u.hasBankAccount && u.hasPortfolio && u.hasPossibleWork && u.hasSkill;

/** A creator lacking skill or bank account cannot take work yet. */
export const lacksWorkRequirements = (u: User): boolean => !u.hasSkill || !u.hasBankAccount;
