/** Staff tools: offer templates and delivery reports, each a list kept in step with its changes. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { adminApi } from './api';
import type { DeliveryReport, OfferTemplate } from './types';

type TemplateInput = Pick<OfferTemplate, 'name' | 'body'>;

interface AdminState {
  templates: AsyncState<OfferTemplate[]>;
  templateWrite: AsyncState<unknown>;
  reports: AsyncState<DeliveryReport[]>;
  reportWrite: AsyncState<DeliveryReport | null>;
  fetchTemplates: () => Promise<void>;
  saveTemplate: (id: number | null, input: TemplateInput) => Promise<boolean>;
  deleteTemplate: (id: number) => Promise<boolean>;
  fetchReports: () => Promise<void>;
  createReport: (input: { mediaId: number; year: number; month: number }) => Promise<boolean>;
}

const initial = () => ({
  templates: initialAsync<OfferTemplate[]>([]),
  templateWrite: initialAsync<unknown>(null),
  reports: initialAsync<DeliveryReport[]>([]),
  reportWrite: initialAsync<DeliveryReport | null>(null),
});

/** Puts one item in a list by id (replacing or appending). */
const upsert = <T extends { id: number }>(list: T[], item: T): T[] =>
  list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item];

export const useAdmin = create<AdminState>((set) => ({
  ...initial(),
  fetchTemplates: async () => {
    await track(set, 'templates', adminApi.offerTemplates, 'オファーテンプレートの取得に失敗しました');
  },
  saveTemplate: async (id, input) => {
    const saved = await track(
      set,
      'templateWrite',
      () => (id === null ? adminApi.createOfferTemplate(input) : adminApi.updateOfferTemplate(id, input)),
      id === null ? 'オファーテンプレートの登録に失敗しました' : 'オファーテンプレートの更新に失敗しました',
      (state, template) => ({ templates: { ...state.templates, data: upsert(state.templates.data, template) } }),
    );
    return saved !== null;
  },
  deleteTemplate: async (id) => {
    const removed = await track(
      set,
      'templateWrite',
      async () => {
        await adminApi.deleteOfferTemplate(id);
        return id;
      },
      'オファーテンプレートの削除に失敗しました',
      (state) => ({ templates: { ...state.templates, data: state.templates.data.filter((t) => t.id !== id) } }),
    );
    return removed !== null;
  },
  fetchReports: async () => {
    await track(set, 'reports', async () => (await adminApi.deliveryReports()).deliveryReports, '納品報告の取得に失敗しました');
  },
  createReport: async (input) => {
    const created = await track(set, 'reportWrite', () => adminApi.createDeliveryReport(input), '納品報告の作成に失敗しました', (state, report) => ({
      reports: { ...state.reports, data: [report, ...state.reports.data.filter((r) => r.id !== report.id)] },
    }));
    return created !== null;
  },
}));

registerReset(() => useAdmin.setState(initial()));
