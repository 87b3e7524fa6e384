/** A creator's availability for new work (spec section 3: Availability / work status), camelCase as the client speaks it. */
import type { View } from '@/lib/api/wire';
import type { ProfileFlags } from '@/lib/profile';

/** The server's `WorkStatus` as the session holds it: camelCased by auth's `normalizeUser`. */
export type WorkStatus = 'notSet' | 'accepting' | 'conditionallyAccepting' | 'notAccepting';

/** What the modal and the dropdown need to know of the logged-in user (its work status normalized). */
export type WorkStatusOwner = ProfileFlags & Pick<View<'UserRecord'>, 'id' | 'roleType' | 'isExistsNewInformation'> & { workStatus: string };

export interface WorkStatusChoice {
  value: Exclude<WorkStatus, 'notSet'>;
  icon: string;
  label: string;
  description: string;
}
