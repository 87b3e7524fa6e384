/** Media of client companies: the server's types (lib/api, generated). */
import type { Body, View } from '@/lib/api/wire';

export type NamedRef = View<'NamedRef'>;

/** As the server spells them (the spec's lastDayOfMonth is last_day_of_month on the wire). */
export type PaymentSchedule = View<'PaymentSchedule'>;

export type MediaSummary = View<'MediaSummary'>;
export type GenreGroupView = View<'GenreGroupView'>;
export type MediaManager = View<'MediaManager'>;
/**
 * The document's `allOf` of the summary and the detail's own keys declares `genre_group` twice
 * (the summary's skipped when absent, the detail's a group with its genres or null), which
 * reads as never null; the detail always writes its own.
 */
export type MediaDetail = Omit<View<'MediaDetail'>, 'genreGroup'> & { genreGroup: GenreGroupView | null };
export type MediaList = View<'MediaList'>;
export type ClientMedia = View<'ClientMedia'>;
export type MediaInput = Body<'MediaInput'>;

export type TeamMemberStatus = View<'MemberStatus'>;
export type TeamMembership = View<'TeamMembership'>;
export type MediaMember = View<'MediaMember'>;
export type MediaRef = View<'MediaRef'>;
export type MediaInformation = View<'MediaInformation'>;
export type MediaMembers = View<'MediaMembers'>;

export type OptionPayment = View<'OptionPayment'>;
export type OptionPayments = View<'OptionPayments'>;
export type OptionPaymentInput = Body<'OptionPaymentInput'>;

export type CustomerInformation = View<'CustomerInformationView'>;

/** What the media form offers: genre groups with genres and tags (the creator search's options), and who may manage. */
export type MediaFormOptions = Pick<View<'SearchOptions'>, 'genreGroups' | 'searchTags'> & View<'ManagerCandidates'>;
