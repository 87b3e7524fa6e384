/** Monthly delivery reports (a staff tool): the list, newest report first after a creation. */
import type { StateCreator } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { deliveriesApi } from '../api';
import type { DeliveriesState } from '../store';
import type { DeliveryReport, NewDeliveryReport } from '../types';

export interface DeliveryReportsSlice {
  reports: AsyncState<DeliveryReport[]>;
  reportWrite: AsyncState<DeliveryReport | null>;
  fetchReports: () => Promise<void>;
  createReport: (input: NewDeliveryReport) => Promise<boolean>;
}

export const reportsInitial = () => ({
  reports: initialAsync<DeliveryReport[]>([]),
  reportWrite: initialAsync<DeliveryReport | null>(null),
});

export const createReportsSlice: StateCreator<DeliveriesState, [], [], DeliveryReportsSlice> = (set) => ({
  ...reportsInitial(),
  fetchReports: async () => {
    await track(set, 'reports', async () => (await deliveriesApi.reports()).deliveryReports, '納品報告の取得に失敗しました');
  },
  createReport: async (input) => {
    const created = await track(set, 'reportWrite', () => deliveriesApi.createReport(input), '納品報告の作成に失敗しました', (state, report) => ({
      reports: { ...state.reports, data: [report, ...state.reports.data.filter((r) => r.id !== report.id)] },
    }));
    return created !== null;
  },
});
