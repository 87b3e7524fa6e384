/** Offer templates: the wording staff reuse when offering work to a creator. */
export interface OfferTemplate {
  id: number;
  name: string;
  body: string;
}

export type OfferTemplateInput = Pick<OfferTemplate, 'name' | 'body'>;
