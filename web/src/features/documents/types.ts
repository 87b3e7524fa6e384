/** A help or legal document: a title, a lead, and numbered sections for the table of contents. */
export interface DocumentSection {
  /** Anchor of the section (`#id`), stable so other pages can link to it. */
  id: string;
  heading: string;
  paragraphs?: string[];
  /** A list after the paragraphs (steps when `ordered`). */
  items?: string[];
  ordered?: boolean;
}

export interface HelpDocument {
  title: string;
  /** Placeholder legal text carries the notice that the operator decides the real wording. */
  placeholder: boolean;
  lead: string;
  sections: DocumentSection[];
}
