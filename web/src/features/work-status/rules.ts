/** When the work-status modal asks, and what the availability dropdown offers (spec section 2, Dialogs and modals). */
import { isProfileComplete } from '@/lib/profile';
import { isCreator } from '@/lib/roles';
import type { WorkStatusChoice, WorkStatusOwner } from './types';

/** Every work status but notSet, which is only the state before the first answer. */
export const WORK_STATUS_CHOICES: WorkStatusChoice[] = [
  { value: 'accepting', icon: '😊', label: '受付中', description: '新しいお仕事を受けられます' },
  { value: 'conditionallyAccepting', icon: '🤔', label: '条件付きで受付中', description: '内容や時期によっては受けられます' },
  { value: 'notAccepting', icon: '🙅', label: '受付停止中', description: '今は新しいお仕事を受けられません' },
];

export const DEFAULT_WORK_STATUS = 'accepting';

export const workStatusLabel = (status: string): string => WORK_STATUS_CHOICES.find((c) => c.value === status)?.label ?? '未設定';

/**
 * The modal asks a creator (general or editor assistant) with no new-information flag, whose
 * work status is still notSet and whose creator information is complete.
 */
export const shouldAskWorkStatus = (user: WorkStatusOwner | null | undefined): boolean =>
  !!user && isCreator(user.roleType) && !user.isExistsNewInformation && user.workStatus === 'notSet' && isProfileComplete(user);

/** Only creators choose their availability. */
export const showsAvailability = (user: Pick<WorkStatusOwner, 'roleType'> | null | undefined): boolean => !!user && isCreator(user.roleType);

/** The dropdown offers neither notSet nor the current value. */
export const availabilityChoices = (current: string): WorkStatusChoice[] => WORK_STATUS_CHOICES.filter((c) => c.value !== current);
