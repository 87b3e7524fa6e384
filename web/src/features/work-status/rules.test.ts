import { availabilityChoices, shouldAskWorkStatus, showsAvailability, WORK_STATUS_CHOICES } from './rules';
import type { WorkStatusOwner } from './types';

const complete: WorkStatusOwner = {
  id: 7,
  roleType: 'general',
  workStatus: 'notSet',
  isExistsNewInformation: false,
  hasSkill: true,
  hasBankAccount: true,
  hasPortfolio: true,
  hasPossibleWork: true,
  hasAttribute: true,
};

describe('the work-status modal asks', () => {
  it('a creator or editor assistant with complete information, no new information and no answer yet', () => {
    expect(shouldAskWorkStatus(complete)).toBe(true);
    expect(shouldAskWorkStatus({ ...complete, roleType: 'editorAssistant' })).toBe(true);
  });

  it('nobody else', () => {
    expect(shouldAskWorkStatus(null)).toBe(false);
    for (const roleType of ['client', 'tsumugiManager', 'tsumugiAccountant', 'tsumugiAdmin']) {
      expect(shouldAskWorkStatus({ ...complete, roleType })).toBe(false);
    }
    expect(shouldAskWorkStatus({ ...complete, isExistsNewInformation: true })).toBe(false);
    for (const workStatus of ['accepting', 'conditionallyAccepting', 'notAccepting']) {
      expect(shouldAskWorkStatus({ ...complete, workStatus })).toBe(false);
    }
    for (const flag of ['hasSkill', 'hasBankAccount', 'hasPortfolio', 'hasPossibleWork', 'hasAttribute'] as const) {
      expect(shouldAskWorkStatus({ ...complete, [flag]: false })).toBe(false);
    }
  });
});

describe('the availability dropdown', () => {
  it('is shown to creators only', () => {
    expect(showsAvailability({ roleType: 'general' })).toBe(true);
    expect(showsAvailability({ roleType: 'editorAssistant' })).toBe(true);
    expect(showsAvailability({ roleType: 'client' })).toBe(false);
    expect(showsAvailability({ roleType: 'tsumugiAdmin' })).toBe(false);
  });

  it('offers neither notSet nor the current value', () => {
    expect(availabilityChoices('accepting').map((c) => c.value)).toEqual(['conditionallyAccepting', 'notAccepting']);
    expect(availabilityChoices('notAccepting').map((c) => c.value)).toEqual(['accepting', 'conditionallyAccepting']);
    expect(availabilityChoices('notSet').map((c) => c.value)).toEqual(['accepting', 'conditionallyAccepting', 'notAccepting']);
    expect(WORK_STATUS_CHOICES.map((c) => `${c.icon} ${c.label}`)).toEqual(['😊 受付中', '🤔 条件付きで受付中', '🙅 受付停止中']);
  });
});
