/** Media of client companies as the API sends them (camelCase). */
export interface NamedRef {
  id: number;
  name: string;
}

/** As the server spells them (the spec's lastDayOfMonth is last_day_of_month on the wire). */
export type PaymentSchedule = 'daily' | 'weekly' | 'last_day_of_month';

export interface MediaSummary {
  id: number;
  name: string;
  description: string;
  url: string;
  client: NamedRef;
  genreGroup?: NamedRef | null;
  paymentSchedule: PaymentSchedule;
  teamCount: number;
  memberCount: number;
  createdAt: string;
}

export interface GenreGroupView {
  id: number;
  name: string;
  genres: NamedRef[];
}

export interface MediaManager {
  id: number;
  userName: string;
  role: string;
}

export interface MediaDetail extends Omit<MediaSummary, 'genreGroup'> {
  genreGroup: GenreGroupView | null;
  genreIds: number[];
  searchTags: NamedRef[];
  searchTagIds: number[];
  managers: MediaManager[];
  managerIds: number[];
  canEdit: boolean;
}

export interface Paged {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
  baseUrl: string;
}

export interface MediaList extends Paged {
  media: MediaSummary[];
}

export interface ClientMedia {
  client: NamedRef;
  media: MediaSummary[];
  canEdit: boolean;
}

export interface MediaInput {
  name: string;
  description: string;
  url: string;
  genreGroupId: number | null;
  genreIds: number[];
  searchTagIds: number[];
  managerIds: number[];
  paymentSchedule: string;
}

export type TeamMemberStatus = 'temporary' | 'offered' | 'negotiating' | 'assignable' | 'declined' | 'left';

export interface TeamMembership {
  id: number;
  name: string;
  status: TeamMemberStatus;
}

export interface MediaMember {
  id: number;
  userName: string;
  workStatus: string;
  teams: TeamMembership[];
}

export interface MediaRef {
  id: number;
  name: string;
  clientId: number;
  companyName: string;
}

export interface MediaInformation {
  media: MediaRef;
  genreGroup: GenreGroupView | null;
  searchTags: NamedRef[];
  managers: MediaManager[];
  teamMembers: MediaMember[];
  leftTeamMembers: boolean;
}

export interface MediaMembers extends Paged {
  members: MediaMember[];
}

export interface OptionPayment {
  id: number;
  mediaId: number;
  title: string;
  amount: number;
  targetYear: number;
  targetMonth: number;
  note: string;
  createdByName: string | null;
  createdAt: string;
}

export interface OptionPayments {
  optionPayments: OptionPayment[];
  totalAmount: number;
  canAdd: boolean;
}

export interface OptionPaymentInput {
  title: string;
  amount: number;
  targetYear: number;
  targetMonth: number;
  note: string;
}

export interface CustomerInformation {
  customerInformation: string;
  canEdit: boolean;
}

/** What the media form offers: genre groups with genres and tags (the creator search's options), and who may manage. */
export interface MediaFormOptions {
  genreGroups: { id: number; name: string; genres: { id: number; name: string; parentGenreId?: number | null }[] }[];
  searchTags: NamedRef[];
  managers: MediaManager[];
}
