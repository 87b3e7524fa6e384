import { GuestLoginPage } from '@/features/guests/components/guest-login-page';

export default function GuestLoginRoute() {
  return <GuestLoginPage />;
}
