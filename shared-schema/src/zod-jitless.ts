import { z } from 'zod';

// In browsers Zod must not compile parsers with `new Function`: even its probe for that is a violation of
// the web app's CSP (`script-src 'self'`), reported in DevTools and by Lighthouse. The setting only counts
// for schemas built after it, hence zod-setup.ts imports it first, and every door of the package that builds
// schemas imports zod-setup.ts first. The server keeps the JIT.
if ('document' in globalThis) z.config({ jitless: true });
