import type { Paging } from '@/lib/paging';

/** The roles a post may be meant for (the server's names); none means everyone. */
export type AudienceRole = 'general' | 'editor_assistant' | 'client' | 'manager' | 'accountant' | 'admin';

/** An information item: `url` when the title links elsewhere, `body` when it carries its own text. */
export interface InformationItem {
  id: number;
  title: string;
  url: string | null;
  body: string | null;
  scheduledStartDate: string;
  /** Staff view only: false while it waits for its start. */
  isPublished?: boolean;
  /** Staff view only: whom it is for (empty: everyone). */
  audienceRoles?: AudienceRole[];
}

/** `GET /information`. */
export interface InformationList extends Paging {
  information: InformationItem[];
  baseUrl: string;
}

/** `POST /information`. */
export interface InformationInput {
  title: string;
  body: string | null;
  url: string | null;
  audienceRoles: AudienceRole[];
  /** RFC 3339; null: now. */
  scheduledStartDate: string | null;
}
