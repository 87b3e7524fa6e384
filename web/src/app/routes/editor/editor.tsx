/**
 * /editor?token=…: the editor link. The token is checked as spec section 5 says (a refused link
 * shows the spec's message, section 8); a valid one is resolved by the server and opens the
 * manuscript editor with the link's effective permission (features/manuscripts).
 */
import styled from 'styled-components';
import { NoIndex } from '@/components/no-index';
import { useAuth } from '@/features/auth/store';
import { EditorLinkPage } from '@/features/manuscripts/components/editor-link-page';
import { theme } from '@/theme/theme';

/** The empty layout's page: as wide as the member pages, for the editor and its count column. */
const Frame = styled.article`
  max-width: ${theme.size.contentMax}px;
  margin: 40px auto;
  padding: 0 16px;
`;

export default function EditorRoute() {
  const token = useAuth((s) => s.token);
  const resolved = useAuth((s) => s.resolved);
  const member = useAuth((s) => s.user.data);
  const user = !token ? null : resolved && member ? { id: member.id, name: member.userName } : undefined;
  return (
    <Frame data-testid="editor-link">
      {/* The link carries a credential: search engines must not keep it. */}
      <NoIndex />
      <EditorLinkPage user={user} />
    </Frame>
  );
}
