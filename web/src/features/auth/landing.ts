import { href } from '@/config/paths';
import { lacksWorkRequirements } from '@/lib/profile';
import { isCreator } from '@/lib/roles';
import type { User } from './types';

/** Post-login landing: a creator missing skill or bank account goes to /user/edit; else /projects on desktop, /teams on phones. */
export function landingPath(user: User, mobile: boolean): string {
  if (isCreator(user.roleType) && lacksWorkRequirements(user)) return href('userEdit');
  return mobile ? href('teams') : href('projects');
}
