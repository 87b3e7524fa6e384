import type { User } from './types';
import { lacksWorkRequirements } from './types';
import { isCreator } from '@/lib/roles';

/** Post-login landing: a creator missing skill or bank account goes to /user/edit; else /projects on desktop, /teams on phones. */
export function landingPath(user: User, mobile: boolean): string {
  if (isCreator(user.roleType) && lacksWorkRequirements(user)) return '/user/edit';
  return mobile ? '/teams' : '/projects';
}
