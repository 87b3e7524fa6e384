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

describe('message markup', () => {
  it('draws bold, inline code, code blocks and lists as elements', () => {
    const body = ['**締切**は `12/5` です', '```', 'const a = 1;', '**太字にならない**', '```', '- 表紙', '- 本文', '1. 初校', '2. 再校'].join('\n');
    const { container } = render(<MessageBody body={body} members={[]} />);
    expect(container.querySelector('strong')).toHaveTextContent('締切');
    expect(container.querySelector('p code, div > code')).toHaveTextContent('12/5');
    const pre = container.querySelector('pre');
    expect(pre).toHaveTextContent('const a = 1; **太字にならない**');
    expect(pre?.querySelector('strong')).toBeNull();
    expect([...container.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['表紙', '本文']);
    expect([...container.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['初校', '再校']);
  });

  it('links only http and https, labelled or bare, and leaves the closing punctuation out', () => {
    const { container } = render(
      <MessageBody body={'[資料](https://example.jp/doc) と https://example.jp/x. と [罠](javascript:alert(1)) と [罠2](data:text/html,<b>x</b>) と javascript:alert(1)'} members={[]} />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['資料', 'https://example.jp/doc'],
      ['https://example.jp/x', 'https://example.jp/x'],
    ]);
    expect(links.every((a) => a.getAttribute('rel') === 'noopener noreferrer')).toBe(true);
    expect(container).toHaveTextContent('[罠](javascript:alert(1))');
    expect(container.querySelector('b')).toBeNull();
  });

  it('keeps markup around injection attempts as text', () => {
    const { container } = render(
      <MessageBody body={'**<img src=x onerror=alert(1)>**\n`<script>alert(1)</script>`\n- <a href="javascript:alert(1)">x</a>\n[x](https://a.jp" onmouseover="alert(1))'} members={[]} />,
    );
    expect(container.querySelector('img, script, [onmouseover], [onerror]')).toBeNull();
    expect(container.querySelector('strong')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(container.querySelector('code')).toHaveTextContent('<script>alert(1)</script>');
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://a.jp/']);
  });
});
