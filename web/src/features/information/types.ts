/** Information posts: the server's types (lib/api, generated). */
import type { View } from '@/lib/api/wire';

/** The roles a post may be meant for (the server's names); none means everyone. */
export type AudienceRole = View<'AudienceRole'>;

/**
 * An information item: `url` when the title links elsewhere, `body` when it carries its own
 * text; `isPublished` (false while it waits for its start) and `audienceRoles` (empty:
 * everyone) in the staff view only.
 */
export type InformationItem = View<'InformationItem'>;

/** `GET /information`. */
export type InformationList = View<'InformationList'>;

/**
 * `POST /information`. Hand-written: the document asks for both `body` and `url` (it states the
 * strict form, docs/decisions/openapi-states-the-rules.md), while the server takes either.
 */
export interface InformationInput {
  title: string;
  body: string | null;
  url: string | null;
  audienceRoles: AudienceRole[];
  /** RFC 3339; null: now. */
  scheduledStartDate: string | null;
}
