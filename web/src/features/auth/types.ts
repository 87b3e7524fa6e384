import type { ImageFile } from '@/lib/files';
import type { ProfileFlags } from '@/lib/profile';

/** The logged-in user (the whoami and login answers); what its profile flags allow is in lib/profile. */
export interface User extends ProfileFlags {
  id: number;
  userName: string;
  roleType: string;
  imageFile: ImageFile | null;
  workStatus: 'notSet' | 'accepting' | 'conditionallyAccepting' | 'notAccepting' | string;
  isExistsNewInformation: boolean;
  client: { id: number; companyName: string } | null;
}
