/**
 * The member's frame: header, side menu and phone tab bar. Layouts load it on first use, so the
 * pages without it (login, the public account pages) do not carry its JavaScript.
 */
export { Header } from './header';
export { PhoneNav } from './phone-nav';
export { SideMenu } from './side-menu';
