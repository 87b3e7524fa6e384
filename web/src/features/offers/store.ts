/** Offer templates (a staff tool): the list kept in step with every change. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { offersApi } from './api';
import type { OfferTemplate, OfferTemplateInput } from './types';

interface OfferTemplatesState {
  templates: AsyncState<OfferTemplate[]>;
  templateWrite: AsyncState<unknown>;
  fetchTemplates: () => Promise<void>;
  saveTemplate: (id: number | null, input: OfferTemplateInput) => Promise<boolean>;
  deleteTemplate: (id: number) => Promise<boolean>;
}

const initial = () => ({
  templates: initialAsync<OfferTemplate[]>([]),
  templateWrite: initialAsync<unknown>(null),
});

/** Puts one item in a list by id (replacing or appending). */
const upsert = <T extends { id: number }>(list: T[], item: T): T[] =>
  list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item];

export const useOfferTemplates = create<OfferTemplatesState>((set) => ({
  ...initial(),
  fetchTemplates: async () => {
    await track(set, 'templates', offersApi.templates, 'オファーテンプレートの取得に失敗しました');
  },
  saveTemplate: async (id, input) => {
    const saved = await track(
      set,
      'templateWrite',
      () => (id === null ? offersApi.createTemplate(input) : offersApi.updateTemplate(id, input)),
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
        await offersApi.deleteTemplate(id);
        return id;
      },
      'オファーテンプレートの削除に失敗しました',
      (state) => ({ templates: { ...state.templates, data: state.templates.data.filter((t) => t.id !== id) } }),
    );
    return removed !== null;
  },
}));

registerReset(() => useOfferTemplates.setState(initial()));
