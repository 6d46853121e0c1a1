// Configures zod for the whole package before any schema is built: the index and the sync contract's door
// (sync/contract-door.ts) import it first, so whichever loads first sets it up.
import './zod-jitless';
import { installPtPTErrorMap } from './i18n';

installPtPTErrorMap();
