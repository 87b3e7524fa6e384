/** Offer templates: the wording staff reuse when offering work to a creator (the server's types, lib/api). */
import type { Body, View } from '@/lib/api/wire';

export type OfferTemplate = View<'OfferTemplate'>;
export type OfferTemplateInput = Body<'OfferTemplateInput'>;
