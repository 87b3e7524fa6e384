/**
 * Design tokens of spec section 9. Text colours meet WCAG AA contrast (4.5:1) on white and on the
 * page background #f2f3f5; the browser tour checks it with axe on every route.
 */

/** Widest viewport that gets the phone layouts (lib/device asks the same question in script). */
const PHONE_MAX = 767;

export const theme = {
  color: {
    brand: '#237a47',
    brandDark: '#1b5e37',
    planner: '#c9302c',
    writer: '#157f7f',
    text: '#333333',
    subText: '#5c6370',
    border: '#d9dde3',
    background: '#f2f3f5',
    mobileBackground: '#ffffff',
    white: '#ffffff',
    info: '#1a64c8',
    alert: '#c9302c',
    warning: '#a86500',
    success: '#237a47',
    second: '#676c75',
  },
  font: { xs: '10px', sm: '12px', md: '14px', lg: '16px', xl: '18px', xxl: '20px', lineHeight: 1.5, regular: 400, bold: 600 },
  layer: { notFound: 104, flash: 102, dialog: 100, modal: 98, overlay: 96, hover: 94 },
  size: {
    headerDesktop: 60,
    headerMobile: 45,
    sideMenuOpen: 220,
    sideMenuCompact: 70,
    contentMax: 1080,
    avatar: 40,
    dropdownMax: 200,
    noticeDropdown: 360,
    modal: 1040,
    workStatusCardMin: 230,
    phoneMax: PHONE_MAX,
    tabBar: 56,
  },
  media: { phone: `@media (max-width: ${PHONE_MAX}px)` },
  button: { height: { default: 40, sm: 30, xsm: 25 }, minWidth: 150, radius: 5 },
} as const;

export type Theme = typeof theme;

/** Bell/envelope colour per notice type (spec section 4). */
export const noticeColor: Record<string, string> = {
  message: theme.color.info,
  orderTask: theme.color.alert,
  rejectClientOrder: theme.color.warning,
  rejectDelivery: theme.color.warning,
  inspectedDelivery: theme.color.success,
  checkDelivery: theme.color.second,
  checkClientOrder: theme.color.alert,
  teamOffer: theme.color.alert,
};
