/** Monthly delivery reports (a staff tool): the list, newest report first after a creation. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { deliveriesApi } from '../api';
import type { DeliveryReport, NewDeliveryReport } from '../types';

interface DeliveryReportsState {
  reports: AsyncState<DeliveryReport[]>;
  reportWrite: AsyncState<DeliveryReport | null>;
  fetchReports: () => Promise<void>;
  createReport: (input: NewDeliveryReport) => Promise<boolean>;
}

const initial = () => ({
  reports: initialAsync<DeliveryReport[]>([]),
  reportWrite: initialAsync<DeliveryReport | null>(null),
});

export const useDeliveryReports = create<DeliveryReportsState>((set) => ({
  ...initial(),
  fetchReports: async () => {
    await track(set, 'reports', async () => (await deliveriesApi.reports()).deliveryReports, '納品報告の取得に失敗しました');
  },
  createReport: async (input) => {
    const created = await track(set, 'reportWrite', () => deliveriesApi.createReport(input), '納品報告の作成に失敗しました', (state, report) => ({
      reports: { ...state.reports, data: [report, ...state.reports.data.filter((r) => r.id !== report.id)] },
    }));
    return created !== null;
  },
}));

registerReset(() => useDeliveryReports.setState(initial()));
