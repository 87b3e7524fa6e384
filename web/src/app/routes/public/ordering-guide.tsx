import { DocumentPage } from '@/features/documents/components/document-page';
import { ORDERING_GUIDE } from '@/features/documents/content/ordering-guide';

export default function OrderingGuideRoute() {
  return <DocumentPage document={ORDERING_GUIDE} />;
}
