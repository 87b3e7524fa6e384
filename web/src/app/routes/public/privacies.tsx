import { DocumentPage } from '@/features/documents/components/document-page';
import { PRIVACY } from '@/features/documents/content/privacy';

export default function PrivaciesRoute() {
  return <DocumentPage document={PRIVACY} />;
}
