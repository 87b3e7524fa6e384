import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { PLACEHOLDER_NOTICE } from '@/features/documents/components/document-page';
import CookiePolicyRoute from './cookie-policy';
import ManualRoute from './manual';
import OrderingGuideRoute from './ordering-guide';
import PrivaciesRoute from './privacies';
import TermsRoute from './terms';

describe('legal and help documents', () => {
  it.each<[string, ComponentType, string[]]>([
    ['利用規約', TermsRoute, ['第1条（適用）', '第5条（報酬の支払い）']],
    ['プライバシーポリシー', PrivaciesRoute, ['1. 取得する情報', '5. クッキーの利用']],
    ['クッキーポリシー', CookiePolicyRoute, ['1. クッキーとは', '4. クッキーの管理']],
    ['発注ガイド', OrderingGuideRoute, ['3. タスクを発注する', '5. 納品物を検収する']],
    ['マニュアル', ManualRoute, ['3. お仕事を受ける', '4. チャットでやり取りする', '5. 納品する', '6. 報酬を確認する']],
  ])('%s: a sample notice, a table of contents and its sections', (title, Page, someHeadings) => {
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(PLACEHOLDER_NOTICE);

    const contents = screen.getByRole('navigation', { name: '目次' });
    const entries = within(contents).getAllByRole('link');
    const sections = screen.getAllByRole('heading', { level: 2 }).filter((h) => h.textContent !== '目次');
    expect(entries.map((a) => a.textContent)).toEqual(sections.map((h) => h.textContent));
    for (const entry of entries) {
      const target = document.getElementById(entry.getAttribute('href')!.slice(1));
      expect(target, entry.textContent!).not.toBeNull();
      expect(within(target!).getByRole('heading', { level: 2 })).toHaveTextContent(entry.textContent!);
    }
    for (const heading of someHeadings) expect(within(contents).getByRole('link', { name: heading })).toBeInTheDocument();
  });
});
