import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { href } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { theme } from '@/theme/theme';
import { chatRoutes } from '../routes';
import { groupByChannel, useChat } from '../store';
import type { SearchHit } from '../types';

const Form = styled.form`
  display: flex;
  gap: 4px;
  input { width: 12em; max-width: 40vw; padding: 3px 6px; border: 1px solid ${theme.color.border}; border-radius: 4px; }
`;
const Results = styled.section`
  position: absolute;
  left: 0;
  right: 0;
  top: 100%;
  z-index: ${theme.layer.hover};
  max-height: 60vh;
  overflow-y: auto;
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  box-shadow: ${theme.shadow.floating};
  padding: 8px 12px;
  h2 { font-size: ${theme.font.md}; margin: 10px 0 4px; }
  mark { background: ${theme.color.searchHighlight}; color: inherit; padding: 0; }
`;
const Hit = styled.button`
  display: block;
  width: 100%;
  text-align: left;
  background: none;
  border: none;
  border-bottom: 1px solid ${theme.color.border};
  padding: 6px 4px;
  cursor: pointer;
  &:hover { background: ${theme.color.rowHover}; }
  small { color: ${theme.color.subText}; margin-left: 8px; }
`;

/**
 * The chat header's search box: hits of every channel the user may read, grouped by channel;
 * a hit opens its channel at that message (`?message=`), with the messages around it.
 */
export function MessageSearch({ leader }: { leader: boolean }) {
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const search = useChat((s) => s.search);
  const { searchMessages, clearSearch } = useChat.getState();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!keyword.trim()) return;
    setOpen(true);
    void searchMessages(keyword);
  };
  const close = () => {
    setOpen(false);
    clearSearch();
  };
  const openHit = (hit: SearchHit) => {
    close();
    void navigate(href(chatRoutes(leader).channel, { teamId: hit.team.id, channelId: hit.channel.id }, { message: hit.message.id }));
  };

  return (
    <>
      <Form role="search" onSubmit={submit}>
        <input type="search" aria-label="メッセージを検索" placeholder="メッセージを検索" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <Button type="submit" $size="xsm" $minWidth={0}>
          検索
        </Button>
      </Form>
      {open && (
        <Results aria-label="検索結果" data-testid="search-results">
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            <span>{search.loading && search.data.length === 0 ? '検索中…' : `「${search.keyword}」の検索結果 ${search.total}件`}</span>
            <Button type="button" $size="xsm" $minWidth={0} onClick={close}>
              閉じる
            </Button>
          </div>
          {search.error && <p role="alert">{search.error.message}</p>}
          {!search.loading && !search.error && search.total === 0 && <p>一致するメッセージはありません</p>}
          {groupByChannel(search.data).map((group) => (
            <div key={group.channel.id} data-testid="search-group">
              <h2>
                # {group.channel.name}
                <small style={{ fontWeight: 'normal', marginLeft: 8 }}>{group.team.name}</small>
              </h2>
              {group.hits.map((hit) => (
                <Hit key={hit.message.id} type="button" data-testid="search-hit" onClick={() => openHit(hit)}>
                  <strong>{hit.message.user.userName}</strong>
                  <small>{formatDateTime(hit.message.createdAt)}</small>
                  <div>
                    {hit.excerpt.map((part, i) => (part.isHit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
                  </div>
                </Hit>
              ))}
            </div>
          ))}
          {search.page < search.lastPage && (
            <Button type="button" $size="xsm" disabled={search.loading} onClick={() => void searchMessages(search.keyword, true)}>
              さらに表示
            </Button>
          )}
        </Results>
      )}
    </>
  );
}
