export interface OfferTemplate {
  id: number;
  name: string;
  body: string;
}

export interface DeliveryReport {
  id: number;
  mediaId: number;
  mediaName: string;
  year: number;
  month: number;
  taskCount: number;
  rewardTotal: number;
  createdAt: string;
}
