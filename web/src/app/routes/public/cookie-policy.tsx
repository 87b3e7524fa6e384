import { DocumentPage } from '@/features/documents/components/document-page';
import { COOKIE_POLICY } from '@/features/documents/content/cookie-policy';

export default function CookiePolicyRoute() {
  return <DocumentPage document={COOKIE_POLICY} />;
}
