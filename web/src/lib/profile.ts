/** What a member has filled in of their profile, and what that allows (the header, the side menu, the landing page and the profile hub all ask). */

/** The profile flags of the logged-in user (the whoami answer carries them). */
export interface ProfileFlags {
  hasSkill: boolean;
  hasBankAccount: boolean;
  hasPortfolio: boolean;
  hasPossibleWork: boolean;
  hasAttribute: boolean;
}

/** Complete only when attribute, bank account, portfolio, possible work and skill are all present. */
export const isProfileComplete = (u: ProfileFlags): boolean =>
  u.hasAttribute && u.hasBankAccount && u.hasPortfolio && u.hasPossibleWork && u.hasSkill;

/** A creator lacking skill or bank account cannot take work yet. */
export const lacksWorkRequirements = (u: Pick<ProfileFlags, 'hasSkill' | 'hasBankAccount'>): boolean => !u.hasSkill || !u.hasBankAccount;
