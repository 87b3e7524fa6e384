import { DocumentPage } from '@/features/documents/components/document-page';
import { MANUAL } from '@/features/documents/content/manual';

export default function ManualRoute() {
  return <DocumentPage document={MANUAL} />;
}
