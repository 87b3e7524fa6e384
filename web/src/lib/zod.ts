/**
 * zod for the web app's form schemas, without its compiled fast path: the page's
 * Content-Security-Policy forbids `new Function`, and zod's probe for it would otherwise report
 * a CSP violation (a console error) on every page with a form. Import `z` from here.
 */
import { config, z } from 'zod';

config({ jitless: true });

export { z };
