import { render } from '@testing-library/react';
import { MessageBody } from './message-body';

const members = [{ id: 7, userName: '佐藤 健', roleType: 'editorAssistant', imageFile: null }];

describe('message body', () => {
  it('renders quotes, links and mentions', () => {
    const { container, getByRole, getByText } = render(
      <MessageBody body={'> 元の発言\n<@7> さん https://example.jp/a?b=1 を見てください'} members={members} />,
    );
    expect(container.querySelector('blockquote')).toHaveTextContent('元の発言');
    expect(getByText('@佐藤 健')).toBeInTheDocument();
    expect(getByRole('link')).toHaveAttribute('href', 'https://example.jp/a?b=1');
  });

  it('never turns text into HTML', () => {
    const { container } = render(<MessageBody body={'<img src=x onerror=alert(1)><script>alert(1)</script>'} members={[]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)>');
  });
});
