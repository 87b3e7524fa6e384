import { CreatorSearchPage } from '@/features/creators/components/search-page';

/** /users/search: clients and staff (the server refuses creators, and the page says so). */
export default function UserSearchRoute() {
  return <CreatorSearchPage />;
}
