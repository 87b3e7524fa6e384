import { DocumentPage } from '@/features/documents/components/document-page';
import { TERMS } from '@/features/documents/content/terms';

export default function TermsRoute() {
  return <DocumentPage document={TERMS} />;
}
