/**
 * Which roles may open a staff page: the same guard as the server endpoints the page calls
 * (`StaffUser`, `ManagerUser`, `AccountantUser`, `AdminUser` in api/src/platform/guards.rs). The
 * router shows the 403 page to anyone else before the page asks the server for anything, and
 * the /admins hub lists only what the caller may open.
 */
import { isAccountantOrAdmin, isAdmin, isManagerOrAdmin, isStaff } from '@/lib/roles';
import type { RouteName } from './paths';

/** staff: manager, accountant, admin · manager: manager, admin · accountant: accountant, admin · admin: admin. */
export type Gate = 'staff' | 'manager' | 'accountant' | 'admin';

export const routeGates: Partial<Record<RouteName, Gate>> = {
  admins: 'staff',
  // PUT /users/{id}/role (AdminUser)
  adminRoles: 'admin',
  // PUT /admin/tasks/completed_date, /admin/tasks/invalid, /admin/tasks/{id} (StaffUser)
  adminCompletedDate: 'staff',
  adminInvalidTasks: 'staff',
  adminTaskUpdate: 'staff',
  // POST/PUT/DELETE /offer_templates (StaffUser)
  adminOfferTemplates: 'staff',
  // /reward_confirmations, /admin/reward_settings (AccountantUser)
  adminRewardConfirmation: 'accountant',
  // /admin/downloads (AccountantUser)
  adminDownloads: 'accountant',
  // /v2/delivery_reports (StaffUser)
  adminDeliveryReports: 'staff',
  // PUT /admin/clients/media/{id}/payments, GET /clients (StaffUser)
  adminMediaPayments: 'staff',
  // GET /users/left (ManagerUser); processing a leave is admin only inside the page
  adminUsersLeft: 'manager',
  // /payments/* (AccountantUser)
  payments: 'accountant',
  // POST /clients, PUT /clients/{id}, POST/PUT media, option payments (ManagerUser)
  clientAdd: 'manager',
  clientEdit: 'manager',
  clientMediaAdd: 'manager',
  clientMediaEdit: 'manager',
  mediaOptionPaymentAdd: 'manager',
  // the staff view of projects with status moves
  projectManagements: 'staff',
  // POST /information (managers, admins)
  informationAdd: 'manager',
};

const admits: Record<Gate, (role?: string | null) => boolean> = {
  staff: isStaff,
  manager: isManagerOrAdmin,
  accountant: isAccountantOrAdmin,
  admin: isAdmin,
};

/** Whether `role` may open route `name` (routes without a gate: yes). */
export function mayOpen(name: RouteName, role?: string | null): boolean {
  const gate = routeGates[name];
  return !gate || admits[gate](role);
}
