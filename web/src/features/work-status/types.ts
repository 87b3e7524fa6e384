/** A creator's availability for new work (spec section 3: Availability / work status), camelCase as the client speaks it. */
import type { ProfileFlags } from '@/lib/profile';

export type WorkStatus = 'notSet' | 'accepting' | 'conditionallyAccepting' | 'notAccepting';

/** What the modal and the dropdown need to know of the logged-in user. */
export interface WorkStatusOwner extends ProfileFlags {
  id: number;
  roleType: string;
  workStatus: string;
  isExistsNewInformation: boolean;
}

export interface WorkStatusChoice {
  value: Exclude<WorkStatus, 'notSet'>;
  icon: string;
  label: string;
  description: string;
}
