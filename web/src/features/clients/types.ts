/** The client's important counts in the header: not yet ordered, not yet inspected, not yet rated. */
export interface ImportantCounts {
  applyingTaskCount: number;
  underAcceptanceTaskCount: number;
  unansweredAssessmentsCount: number;
}

export interface NamedRef {
  id: number;
  name: string;
}

/** A row of the staff's client list. */
export interface ClientSummary {
  id: number;
  companyName: string;
  companyNameKana: string;
  plan: NamedRef | null;
  isPublic: boolean;
  mediaCount: number;
  accountCount: number;
  createdAt: string;
}

export interface ClientList {
  clients: ClientSummary[];
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
  baseUrl: string;
}

export interface ClientDetail {
  id: number;
  companyName: string;
  companyNameKana: string;
  planId: number | null;
  plan: NamedRef | null;
  postalCode: string;
  prefectureId: number | null;
  prefecture: NamedRef | null;
  address: string;
  phoneNumber: string;
  url: string;
  isPublic: boolean;
  /** Staff only (null for a client user). */
  note: string | null;
  mediaCount: number;
  accountCount: number;
  createdAt: string;
  updatedAt: string;
  canEdit: boolean;
}

/** What `POST /clients` and `PUT /clients/{id}` take. */
export interface ClientInput {
  companyName: string;
  companyNameKana: string;
  planId: number | null;
  postalCode: string;
  prefectureId: number | null;
  address: string;
  phoneNumber: string;
  url: string;
  isPublic: boolean;
  note: string;
}

export interface ClientAccount {
  id: number;
  userName: string;
  mailAddress: string;
  accountStatus: 'active' | 'banned' | 'left';
  lastLoginAt: string | null;
  createdAt: string;
}

export interface PendingInvitation {
  mailAddress: string;
  sentAt: string;
  expiresAt: string;
}

export interface ClientAccounts {
  client: NamedRef;
  accounts: ClientAccount[];
  invitations: PendingInvitation[];
  canInvite: boolean;
}
